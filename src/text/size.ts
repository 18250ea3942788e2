// File sizes the way Claude Code prints them in messages: `17 bytes`, `1.1KB`, `395.5KB`,
// `256KB` (one decimal, a trailing `.0` dropped).

const oneDecimal = (n: number) => n.toFixed(1).replace(/\.0$/, '');

export function formatFileSize(bytes: number): string {
  const kb = bytes / 1024;
  if (kb < 1) return `${bytes} bytes`;
  if (kb < 1024) return `${oneDecimal(kb)}KB`;
  const mb = kb / 1024;
  if (mb < 1024) return `${oneDecimal(mb)}MB`;
  return `${oneDecimal(mb / 1024)}GB`;
}
