// Whether a command leaves a `$` expansion open: `$(`, `$((`, `${` or `$[` with no closer before
// the end, outside single quotes, comments and backslash escapes (double quotes and unquoted
// here-document bodies do not protect it). 2.1.332 will not run such a command in any mode
// (probed: `echo $(ls`, `echo "${x"`, `echo $[1+`, `echo ${x:-$(ls}`, `echo a; echo $(ls`, a
// here-document body `$(ls`, while `echo ok # $(`, `echo '$('`, `echo \$(ls`, an unclosed quote,
// backtick or `<(` run and fail in bash).

/** What closes each open context; `'"'` is a double-quoted string, `')'` also a plain `(`. */
type Closer = ')' | '))' | '}' | ']' | '"';

export function hasUnclosedExpansion(command: string): boolean {
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
      const opener = command.startsWith('$((', i) ? '))' : next === '(' ? ')' : next === '{' ? '}' : next === '[' ? ']' : undefined;
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
    } else if (c === '(' && (closer === ')' || closer === '))')) stack.push({ closer: ')', expansion: false });
    wordStart = /[\s;&|()]/.test(c);
  }
  return stack.some((s) => s.expansion);
}
