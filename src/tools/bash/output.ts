// How Claude Code turns a command's output into tool-result text: blank lines trimmed, a cap on
// what the model sees inline, and a saved file plus a preview when the output is large.

export const DEFAULT_MAX_OUTPUT = 30_000;
export const MAX_OUTPUT_CEILING = 150_000;
/** Above this many characters the result goes to a file (also with a raised
 * BASH_MAX_OUTPUT_LENGTH: the generic tool-result size limit, bash-output-env-raised). */
export const PERSIST_THRESHOLD = 30_000;
export const PREVIEW_CHARS = 2000;

export function maxOutputLength(env: Record<string, string>): number {
  const v = Number.parseInt(env.BASH_MAX_OUTPUT_LENGTH ?? '', 10);
  if (!Number.isFinite(v) || v <= 0) return DEFAULT_MAX_OUTPUT;
  return Math.min(v, MAX_OUTPUT_CEILING);
}

/** Leading blank lines and trailing whitespace go; indentation of the first line stays. */
export function trimOutput(s: string): string {
  return s.replace(/^\s*\n/, '').trimEnd();
}

/** `47.7KB`: bytes in KB or MB with one decimal, as the persisted-output notice prints. */
export function formatSize(chars: number): string {
  if (chars < 1024) return `${chars} bytes`;
  const kb = chars / 1024;
  if (kb < 1024) return `${kb.toFixed(1)}KB`;
  return `${(kb / 1024).toFixed(1)}MB`;
}

/** The first 2 KB, cut back to a line end when one is in the second half. */
export function preview(s: string): { text: string; more: boolean } {
  if (s.length <= PREVIEW_CHARS) return { text: s, more: false };
  const head = s.slice(0, PREVIEW_CHARS);
  const nl = head.lastIndexOf('\n');
  return { text: nl > PREVIEW_CHARS / 2 ? head.slice(0, nl) : head, more: true };
}

/** `1s`, `2m`, `1m 30s`: the duration in the timeout texts. */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  const rest = s % 60;
  return rest === 0 ? `${m}m` : `${m}m ${rest}s`;
}
