// How /bin/bash names itself in its own error messages when Claude Code runs a command as
// `/bin/bash -c "eval '<cmd>' < /dev/null && pwd -P >| <file>"`.
import type { ShellResult } from '../../workspace/types';
import { escapeRegExp } from '../../text/regexp';

/** Line number bash reports for an error on line `n` of the eval'd command. Inside `eval`, bash
 * counts each newline twice for simple commands (observed on bash 5.2: line 2 -> 3, 3 -> 5). */
export function evalLineNumber(n: number): number {
  return 2 * n - 1;
}

/** `/bin/bash: line N: ` for an error about `name`; N is found by locating the first line of
 * the command that mentions `name` as a word (just-bash does not report line numbers). */
export function shellErrorPrefix(command: string, name: string): string {
  const lines = command.split('\n');
  let n = 1;
  if (lines.length > 1) {
    const escaped = escapeRegExp(name);
    const word = new RegExp(`(^|[^A-Za-z0-9_.-])${escaped}($|[^A-Za-z0-9_.-])`);
    const i = lines.findIndex((l) => word.test(l));
    if (i >= 0) n = i + 1;
  }
  return `/bin/bash: line ${evalLineNumber(n)}: `;
}

/** Exit status of a command stopped by SIGTERM, as the disk shell reports a killed bash. */
export const SIGTERM_EXIT = 143;

/** The result of a command stopped before it could report anything. */
export function stoppedResult(cwd: string): ShellResult {
  return { stdout: '', stderr: '', exitCode: SIGTERM_EXIT, interrupted: true, cwdAfter: cwd };
}

/** just-bash's parse errors as bash words them when it parses Claude Code's `eval` (bash 5.2,
 * probed through the disk shell): `/bin/bash: eval: line N: `, a token error followed by the line
 * it is on, a missing closer as "unexpected end of file". eval counts a newline twice, except one
 * inside the quote left open, and an end of input that leaves a command unfinished (`$(`, `{`,
 * `&&`) is one line more. just-bash names the line a quote opens on; the tokens are its
 * parser's, and bash runs the complete lines before the error, which just-bash does not. */
export function parseErrorsAsBash(stderr: string, command: string): string {
  const lines = command.split('\n');
  const at = (n: number) => `/bin/bash: eval: line ${n}: `;
  /** An unclosed quote or backtick opened on line n: the newlines before it twice, after it once. */
  const inQuote = (n: number) => n + lines.length - 1;
  const unfinished = 2 * lines.length;
  /** just-bash names the closer an empty body at the end lacks (`if true; then`): a word past the
   * end of the last line, not on it. bash reaches the end of the input first. */
  const missingCloser = (n: number, col: number, token: string) => {
    const line = lines[n - 1] ?? '';
    return (
      n === lines.length &&
      col > line.length &&
      !/[;&|()<>]/.test(token) &&
      !line.split(/[\s;&|()]+/).includes(token)
    );
  };
  return stderr
    .replace(
      /^bash: line (\d+): unexpected EOF while looking for matching `(["'])'$/gm,
      (_, n: string, q: string) =>
        `${at(inQuote(Number(n)))}unexpected EOF while looking for matching \`${q}'`,
    )
    .replace(
      /^bash: syntax error: Parse error at (\d+):\d+: unexpected EOF while looking for matching `([`)])'$/gm,
      (_, n: string, q: string) =>
        `${at(q === ')' ? unfinished : inQuote(Number(n)))}unexpected EOF while looking for matching \`${q}'`,
    )
    .replace(
      /^bash: syntax error: Parse error at (\d+):(\d+): syntax error near unexpected token `(.+)'$/gm,
      (_, n: string, col: string, token: string) =>
        missingCloser(Number(n), Number(col), token)
          ? `${at(unfinished)}syntax error: unexpected end of file`
          : `${at(evalLineNumber(Number(n)))}syntax error near unexpected token \`${token}'\n${at(evalLineNumber(Number(n)))}\`${lines[Number(n) - 1] ?? ''}'`,
    )
    .replace(
      /^bash: syntax error: Parse error at \d+:\d+: Expected \w+, got EOF$/gm,
      () => `${at(unfinished)}syntax error: unexpected end of file`,
    );
}
