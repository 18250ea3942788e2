// Characters a terminal would not show: Claude Code treats a command holding one apart (refused
// by Bash's schema from 2.1.191, asked before any allow rule until then).

/** A C0 control other than tab and newline, DEL, or a C1 control (every C0 control and 31
 * characters above recorded on 2.1.110, 2.1.190, 2.1.191, 2.1.273, 2.1.332 and 2.1.337:
 * bash-x-hidden-controls). Format characters (zero-width, bidi marks) are not among them. */
export function hasHiddenControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a) || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}
