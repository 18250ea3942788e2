// Linux signal numbers and what a signal does to the shell it is sent to, for `kill $$` in the
// in-memory shell (bash-x-shell-killed-by-signal, bash-x-shell-signals). No node:* here: the
// shell also runs in the page's worker.

const NUMBERS: Readonly<Record<string, number>> = {
  HUP: 1, INT: 2, QUIT: 3, ILL: 4, TRAP: 5, ABRT: 6, BUS: 7, FPE: 8, KILL: 9, USR1: 10, SEGV: 11,
  USR2: 12, PIPE: 13, ALRM: 14, TERM: 15, STKFLT: 16, CHLD: 17, CONT: 18, STOP: 19, TSTP: 20,
  TTIN: 21, TTOU: 22, URG: 23, XCPU: 24, XFSZ: 25, VTALRM: 26, PROF: 27, WINCH: 28, IO: 29,
  PWR: 30, SYS: 31,
};

/** Ignored by default (CHLD, URG, WINCH), a continue (CONT), or ignored where Claude Code starts
 * its shell: its shells begin with SIGQUIT ignored (SigIgn 0x4, recorded). */
const NO_EFFECT: ReadonlySet<string> = new Set(['CHLD', 'URG', 'WINCH', 'CONT', 'QUIT']);

/** Signals that stop a process rather than end it: not recorded (the binary's call did not
 * return), so the shell leaves them to its `kill`'s old answer. */
const STOPS: ReadonlySet<string> = new Set(['STOP', 'TSTP', 'TTIN', 'TTOU']);

/** `TERM`, `SIGTERM`, `15` or `term` as the signal's name (TERM); null for no known signal, `0`
 * for the existence check. */
export function signalName(spec: string): string | null {
  if (/^\d+$/.test(spec)) {
    const n = Number(spec);
    if (n === 0) return '0';
    return Object.keys(NUMBERS).find((k) => NUMBERS[k] === n) ?? null;
  }
  const name = spec.toUpperCase().replace(/^SIG/, '');
  return Object.hasOwn(NUMBERS, name) ? name : null;
}

/** What sending `name` to the shell itself does: nothing, or end it with bash's status 128+n. */
export function selfSignal(name: string): { kind: 'none' } | { kind: 'stop' } | { kind: 'end'; signal: string; exitCode: number } {
  if (name === '0' || NO_EFFECT.has(name)) return { kind: 'none' };
  if (STOPS.has(name)) return { kind: 'stop' };
  return { kind: 'end', signal: `SIG${name}`, exitCode: 128 + (NUMBERS[name] ?? 0) };
}
