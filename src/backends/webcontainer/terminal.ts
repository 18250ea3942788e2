// WebContainer's process output is a terminal stream: LF arrives as CRLF. Escape sequences are
// the program's own (Claude Code passes colours through to the model), so they stay.

export function terminalToText(s: string): string {
  return s.replace(/\r+\n/g, '\n');
}
