// Which hook entries a tool name selects (recorded in hook-matchers-*): no matcher, "" and "*"
// select every tool; a matcher of letters, digits, `_` and `|` is a list of exact names
// (case-sensitive, "Rea" and "bash" select nothing, spaces around `|` are ignored); anything
// else is a regular expression searched in the name ("Ed.*", "^Write$", "[RW].*", "(Read)").

const SIMPLE = /^[A-Za-z0-9_| ]+$/;

export function matcherSelects(matcher: string | undefined, toolName: string): boolean {
  if (matcher === undefined || matcher === '' || matcher === '*') return true;
  if (SIMPLE.test(matcher)) return matcher.split('|').some((m) => m.trim() === toolName);
  try {
    return new RegExp(matcher).test(toolName);
  } catch {
    return false;
  }
}
