// Claude Code's own token estimate, used when the count_tokens API gives no answer: characters
// divided by a bytes-per-token figure that depends on the file type (JSON is denser in tokens).
// Observed: `.txt`/`.log` 4, `.json`/`.jsonl` 2 (read-token-cap-*, read-probe-json-partial).

const DENSE = new Set(['json', 'jsonl', 'jsonc']);

export function bytesPerToken(path: string): number {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  return DENSE.has(ext) ? 2 : 4;
}

export function estimateTokens(text: string, path: string): number {
  return Math.round(text.length / bytesPerToken(path));
}
