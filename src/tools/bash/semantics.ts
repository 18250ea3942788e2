// Which non-zero exit codes Claude Code does not report as an error. It judges the command line
// by its text, not by what ran: the last command of the line (after `;`, `&&`, `||`, `|`, `&` or
// a newline, outside quotes and substitutions), and of it only the first word exactly as
// written. So `cat a | grep x` and `false; grep x a` are judged as grep, while `command grep`,
// `\grep`, `"grep"`, `/bin/grep`, `FOO=1 grep`, `timeout 5 grep`, `(grep x a)`, `{ grep x a; }`
// and `grep x a && echo yes` are not (recorded in both versions, bash-exit probes).
import type { ExitSemantics } from '../../profiles/types';

/** The words of the last command of the line, as written (quotes kept), or [] for none. */
export function lastCommandWords(command: string): string[] {
  const segments: string[][] = [[]];
  let word = '';
  let inWord = false;
  const endWord = () => {
    if (inWord) segments[segments.length - 1]!.push(word);
    word = '';
    inWord = false;
  };
  const endSegment = () => {
    endWord();
    if (segments[segments.length - 1]!.length > 0) segments.push([]);
  };
  const s = command;
  let i = 0;
  // Copies a quoted or nested span (quotes, $(...), `...`) into the current word.
  const span = (): void => {
    const c = s[i]!;
    if (c === "'") {
      const end = s.indexOf("'", i + 1);
      const stop = end < 0 ? s.length : end + 1;
      word += s.slice(i, stop);
      i = stop;
      return;
    }
    if (c === '"' || c === '`') {
      let j = i + 1;
      while (j < s.length && s[j] !== c) j += s[j] === '\\' ? 2 : 1;
      const stop = Math.min(s.length, j + 1);
      word += s.slice(i, stop);
      i = stop;
      return;
    }
    // $( ... ): up to the matching parenthesis, quotes inside skipped.
    let depth = 0;
    let j = i + 1;
    for (; j < s.length; j++) {
      const d = s[j]!;
      if (d === '\\') j++;
      else if (d === "'") j = s.indexOf("'", j + 1) < 0 ? s.length : s.indexOf("'", j + 1);
      else if (d === '(') depth++;
      else if (d === ')' && --depth === 0) break;
    }
    const stop = Math.min(s.length, j + 1);
    word += s.slice(i, stop);
    i = stop;
  };
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\') {
      // An escaped newline joins lines; any other escaped character belongs to the word.
      if (s[i + 1] !== '\n') {
        word += s.slice(i, i + 2);
        inWord = true;
      }
      i += 2;
    } else if (c === "'" || c === '"' || c === '`' || (c === '$' && s[i + 1] === '(')) {
      inWord = true;
      span();
    } else if (c === '#' && !inWord) {
      while (i < s.length && s[i] !== '\n') i++;
    } else if (c === ' ' || c === '\t') {
      endWord();
      i++;
    } else if (c === ';' || c === '\n' || c === '|') {
      endSegment();
      i += c === '|' && (s[i + 1] === '|' || s[i + 1] === '&') ? 2 : 1;
    } else if (c === '&') {
      // `2>&1`, `<&3`, `&>file` and `&>>file` are redirections, not operators.
      if (s[i - 1] === '>' || s[i - 1] === '<' || s[i + 1] === '>') {
        word += c;
        inWord = true;
        i++;
      } else {
        endSegment();
        i += s[i + 1] === '&' ? 2 : 1;
      }
    } else {
      word += c;
      inWord = true;
      i++;
    }
  }
  endWord();
  for (let k = segments.length - 1; k >= 0; k--) if (segments[k]!.length > 0) return segments[k]!;
  return [];
}

/** git's subcommand: the first word after git's own options (`-C <dir>` and `-c <name=value>`
 * take a value; `-p`, `--no-pager` and `--opt=value` do not). Only -C, -c, -p and --no-pager
 * were recorded. */
function gitSubcommand(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-C' || a === '-c') i++;
    else if (!a.startsWith('-')) return a;
  }
  return undefined;
}

/** What a non-zero exit code means where it is an answer of the command (grep found nothing,
 * diff found differences), so the call is not an error; undefined where it is an error. */
export function exitMeaning(command: string, exitCode: number, table: readonly ExitSemantics[]): string | undefined {
  if (exitCode === 0) return undefined;
  const [name, ...args] = lastCommandWords(command);
  if (name === undefined) return undefined;
  return table.find(
    (e) =>
      e.command === name &&
      e.notErrors.includes(exitCode) &&
      (e.subcommands === undefined || e.subcommands.includes(gitSubcommand(args) ?? '')),
  )?.meaning;
}
