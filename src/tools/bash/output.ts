// How Claude Code turns a command's output into tool-result text: blank lines trimmed, a cap on
// what the model sees inline, and a saved file plus a preview when the output is large.

export const DEFAULT_MAX_OUTPUT = 30_000;
export const MAX_OUTPUT_CEILING = 150_000;
/** A successful result longer than this goes to a file named after the tool call, whatever
 * BASH_MAX_OUTPUT_LENGTH says (the generic tool-result size limit; bash-output probes: 30 000
 * characters stay inline, 30 001 do not). */
export const RESULT_PERSIST_CHARS = 30_000;
/** A failed call's text is cut to its first and last 5 000 characters beyond 10 000. */
export const ERROR_MAX_CHARS = 10_000;
export const PREVIEW_CHARS = 2000;

/** BASH_MAX_OUTPUT_LENGTH read as a float (`1e3` is 1000, `5000abc` 5000, ` 2000` 2000); not a
 * positive number (`abc`, `0`, `-5`) gives the default; at most the ceiling (bash-output
 * probes). */
export function maxOutputLength(env: Record<string, string>): number {
  const v = Number.parseFloat(env.BASH_MAX_OUTPUT_LENGTH ?? '');
  if (!Number.isFinite(v) || v <= 0) return DEFAULT_MAX_OUTPUT;
  return Math.floor(Math.min(v, MAX_OUTPUT_CEILING));
}

/** `<first 5000>\n\n... [N characters truncated] ...\n\n<last 5000>` for a long error text. */
export function truncateError(s: string): string {
  if (s.length <= ERROR_MAX_CHARS) return s;
  const half = ERROR_MAX_CHARS / 2;
  return `${s.slice(0, half)}\n\n... [${s.length - ERROR_MAX_CHARS} characters truncated] ...\n\n${s.slice(-half)}`;
}

/** Leading blank lines and trailing whitespace go; indentation of the first line stays. */
export function trimOutput(s: string): string {
  return s.replace(/^\s*\n/, '').trimEnd();
}

/** `47.7KB`: bytes in KB or MB with one decimal, as the persisted-output notice prints. */
export function formatSize(chars: number): string {
  if (chars < 1024) return `${chars} bytes`;
  // One decimal, none when it is 0 (2 001 bytes: `2KB`, bash-output probes).
  const one = (n: number) => n.toFixed(1).replace(/\.0$/, '');
  const kb = chars / 1024;
  if (kb < 1024) return `${one(kb)}KB`;
  return `${one(kb / 1024)}MB`;
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
  // Whole seconds, cut down: 1500 ms reads "1s", a Monitor's 1999 ms too (bash-timeout-keeps-output,
  // bash-duration-whole-seconds).
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  const rest = s % 60;
  return rest === 0 ? `${m}m` : `${m}m ${rest}s`;
}
