// Standard base64 (with padding) for file specs, without Buffer or atob so it runs anywhere.
const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i] as number;
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    const n = (b0 << 16) | ((b1 ?? 0) << 8) | (b2 ?? 0);
    out +=
      A[n >> 18]! +
      A[(n >> 12) & 63]! +
      (b1 === undefined ? '=' : A[(n >> 6) & 63]!) +
      (b2 === undefined ? '=' : A[n & 63]!);
  }
  return out;
}
