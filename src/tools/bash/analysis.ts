// What Claude Code reads out of a Bash command line before and after running it: is it
// read-only, is silence expected, does it count as viewing a file for the read ledger, how to
// read its exit code. Parsed with the permission engine's shell parser, never with regexes.
import { analyze, type Analysis, type Unit } from '../../permissions/shell/analyze';
import { fileArgs, isReadOnlyCommand } from '../../permissions/shell/commands';
import { parseCommand, simpleCommands, type WordNode } from '../../permissions/shell/parse';

export function analyseCommand(command: string, home: string): Analysis | null {
  const parsed = parseCommand(command);
  return parsed.ok ? analyze(parsed.script, home) : null;
}

const nameOf = (u: Unit): string | null => u.words[0]?.value ?? null;

const DIRECTORY_CHANGERS = new Set(['cd', 'pushd', 'popd']);
const literal = (w: WordNode | null | undefined): string | null => {
  const [part] = w?.parts ?? [];
  return w?.parts.length === 1 && part?.type === 'Literal' ? part.value : null;
};

/** The line runs cd, pushd or popd itself (after assignments, `builtin` or `command`; in a
 * subshell, a group or a loop too, but not inside `$(…)` or a `bash -c` string). A background
 * command that does is told its directory change stays with it (bash-bg-cd probes, both
 * versions: `(cd sub && ls)` is told, `echo $(cd sub)` and `bash -c "cd sub"` are not). */
export function changesDirectory(command: string): boolean {
  const parsed = parseCommand(command);
  if (!parsed.ok) return false;
  return simpleCommands(parsed.script).some((c) => {
    const name = literal(c.name);
    const target = name === 'builtin' || name === 'command' ? literal(c.args[0]) : name;
    return target !== null && DIRECTORY_CHANGERS.has(target);
  });
}

/** Every command is a known read-only one (Claude Code runs such calls concurrently). Output
 * sent to /dev/null or joined to another descriptor (`2>&1`) keeps it so: parallel calls
 * `cd sub && cat b.txt > /dev/null` and `cd sub && cat b.txt 2>&1` both start in the old
 * directory (cd probes, both versions). */
export function isReadOnly(a: Analysis | null): boolean {
  if (a === null || a.units.length === 0) return false;
  return a.units.every((u) => {
    const name = nameOf(u);
    return (
      name !== null &&
      u.redirects.every(
        (r) =>
          r.target?.value === '/dev/null' ||
          ((r.op === '>&' || r.op === '<&') && /^\d+-?$|^-$/.test(r.target?.value ?? '')),
      ) &&
      isReadOnlyCommand(name, u.words.slice(1))
    );
  });
}

/** Commands that print nothing when they work (the structured `noOutputExpected`). */
const SILENT = new Set([
  'cd',
  'mkdir',
  'touch',
  'rm',
  'rmdir',
  'mv',
  'cp',
  'chmod',
  'chown',
  'chgrp',
  'ln',
  'export',
  'unset',
  'wait',
]);

export function noOutputExpected(a: Analysis | null): boolean {
  if (a === null || a.units.length === 0) return false;
  return a.units.every((u) => {
    const name = nameOf(u);
    return name !== null && SILENT.has(name);
  });
}

const READ_COMMANDS = new Set(['cat', 'head', 'tail', 'sed', 'grep', 'egrep', 'fgrep']);

/** `sed -n 'X,Yp' file`: only the printing form counts as viewing. */
function isSedView(u: Unit): boolean {
  const args = u.words.slice(1).map((w) => w.value);
  if (
    args.some(
      (a) => a === null || a === '-i' || (a.startsWith('-') && !a.startsWith('--') && a.includes('i')),
    )
  )
    return false;
  if (!args.some((a) => a === '-n' || a === '--quiet' || a === '--silent')) return false;
  const script = args.find((a) => a !== null && !a.startsWith('-'));
  return script !== undefined && script !== null && /^\d+(,(\d+|\$))?p$/.test(script);
}

/** The single file a command views (cat, head, tail, sed -n 'X,Yp', grep, egrep, fgrep on one
 * file with no pipes or redirects), or null. Relative to the shell's cwd. `whole`: only `cat`
 * shows the model the whole file. `scans`: the command read the whole file (cat, grep), so Claude
 * Code keeps its whole text and re-checks it after later model calls (not head, tail, sed -n:
 * ledger probes). */
export function viewedFile(a: Analysis | null): { path: string; whole: boolean; scans: boolean } | null {
  if (a === null || a.units.length !== 1 || a.segments.length !== 1 || a.constructs.length > 0) return null;
  const u = a.units[0];
  if (u === undefined || u.origin !== 'list' || u.redirects.length > 0 || u.assignments.length > 0)
    return null;
  const name = nameOf(u);
  if (name === null || !READ_COMMANDS.has(name)) return null;
  if (name === 'sed' && !isSedView(u)) return null;
  const fa = fileArgs(name, u.words.slice(1));
  if (fa === undefined || fa.op !== 'read' || fa.paths.length !== 1) return null;
  const p = fa.paths[0];
  if (p === undefined || p.value === null || p.glob || p.value === '-') return null;
  // grep scans the whole file: its entry holds the whole text and is watched like cat's.
  const scans = name === 'cat' || name.endsWith('grep');
  return { path: p.value, whole: name === 'cat', scans };
}

/** Files the command rewrites in place (`sed -i`), as written; Claude Code recognises these as
 * changing a file behind the read ledger (an append or a `cp` over it is not recognised). */
export function inPlaceEdits(a: Analysis | null): string[] {
  if (a === null) return [];
  return a.units.flatMap((u) => {
    const name = nameOf(u);
    const fa = name === 'sed' ? fileArgs(name, u.words.slice(1)) : undefined;
    if (!fa || fa.op !== 'write') return [];
    return fa.paths.flatMap((p) => (p.value === null || p.glob ? [] : [p.value]));
  });
}
