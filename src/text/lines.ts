// Lines as Claude Code's Read sees them: split on LF only, with one trailing CR dropped from
// each line (so CRLF reads as LF and a lone CR stays inside its line), numbered `N\t` without
// right-alignment (not quite `cat -n`).

export function splitLines(text: string): string[] {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] as string;
    if (l.endsWith('\r')) lines[i] = l.slice(0, -1);
  }
  return lines;
}

/** `first` is the number of the first line: 1 normally, 0 when the model asked for offset 0. */
export function numberLines(lines: readonly string[], first: number): string {
  let out = '';
  for (let i = 0; i < lines.length; i++) out += (i === 0 ? '' : '\n') + (first + i) + '\t' + lines[i];
  return out;
}
