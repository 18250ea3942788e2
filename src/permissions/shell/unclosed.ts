// Whether a command leaves a `$` expansion open: `$(`, `$((`, `${` or `$[` with no closer before
// the end, outside single quotes, comments and backslash escapes (double quotes and unquoted
// here-document bodies do not protect it). 2.1.332 will not run such a command in any mode
// (probed: `echo $(ls`, `echo "${x"`, `echo $[1+`, `echo ${x:-$(ls}`, `echo a; echo $(ls`, a
// here-document body `$(ls`, while `echo ok # $(`, `echo '$('`, `echo \$(ls`, an unclosed quote,
// backtick or `<(` run and fail in bash).

/** What closes each open context; `'"'` is a double-quoted string, `')'` also a plain `(`. */
type Closer = ')' | '))' | '}' | ']' | '"';

const HEREDOC = /(?<!<)<<(-?)[ \t]*(['"]?)([\w.-]+)\2/g;

/** The command with each here-document body made inert where bash reads it literally: a body
 * under a quoted delimiter is blanked (a `$(` in one is not recorded); in any body quotes are plain characters (`it's`), so they
 * are blanked too, leaving an unquoted body's `$(` to count. Newlines stay where they were. */
export function withInertHeredocs(command: string): string {
  const lines = command.split('\n');
  const pending: { delimiter: string; quoted: boolean; tabs: boolean }[] = [];
  for (let n = 0; n < lines.length; n++) {
    const head = pending.shift();
    if (!head) {
      for (const m of (lines[n] as string).matchAll(HEREDOC))
        pending.push({ delimiter: m[3] as string, quoted: m[2] !== '', tabs: m[1] === '-' });
      continue;
    }
    // Body lines of `head` up to its delimiter line; then the next pending one's.
    let k = n;
    while (
      k < lines.length &&
      (head.tabs ? (lines[k] as string).replace(/^\t+/, '') : lines[k]) !== head.delimiter
    ) {
      lines[k] = head.quoted
        ? ' '.repeat((lines[k] as string).length)
        : (lines[k] as string).replace(/['"`]/g, ' ');
      k++;
    }
    n = k;
  }
  return lines.join('\n');
}

export function hasUnclosedExpansion(raw: string): boolean {
  const command = withInertHeredocs(raw);
  /** Open contexts, innermost last; `$`-openers are marked so only they count at the end. */
  const stack: { closer: Closer; expansion: boolean }[] = [];
  const top = () => stack.at(-1)?.closer;
  let wordStart = true;
  for (let i = 0; i < command.length; i++) {
    const c = command[i] as string;
    const inQuotes = top() === '"';
    if (c === '\\') {
      i++;
      wordStart = false;
      continue;
    }
    if (c === '$') {
      const next = command[i + 1];
      const opener = command.startsWith('$((', i)
        ? '))'
        : next === '('
          ? ')'
          : next === '{'
            ? '}'
            : next === '['
              ? ']'
              : undefined;
      if (opener) {
        stack.push({ closer: opener, expansion: true });
        i += opener === '))' ? 2 : 1;
        wordStart = opener === ')';
        continue;
      }
    }
    if (inQuotes) {
      if (c === '"') stack.pop();
      continue;
    }
    const closer = top();
    if (closer === '))' && command.startsWith('))', i)) {
      stack.pop();
      i++;
    } else if (closer !== undefined && closer !== '))' && c === closer) stack.pop();
    else if (c === '"') stack.push({ closer: '"', expansion: false });
    else if (c === "'" && closer !== '}' && closer !== ']') {
      const end = command.indexOf("'", i + 1);
      if (end < 0) return stack.some((s) => s.expansion);
      i = end;
    } else if (c === '#' && wordStart) {
      const end = command.indexOf('\n', i);
      if (end < 0) break;
      i = end;
    } else if (c === '(' && (closer === ')' || closer === '))'))
      stack.push({ closer: ')', expansion: false });
    wordStart = /[\s;&|()]/.test(c);
  }
  return stack.some((s) => s.expansion);
}
