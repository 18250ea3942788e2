// WebContainer's process output is a terminal stream: LF arrives as CRLF and programs may add
// escape sequences. What the Bash tool shows is text, so we undo the terminal's part.

// CSI (ESC [ ... final), OSC (ESC ] ... BEL or ESC \), and two-byte ESC sequences.
// eslint-disable-next-line no-control-regex
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

export function terminalToText(s: string): string {
  return s.replace(ESCAPES, '').replace(/\r+\n/g, '\n');
}
