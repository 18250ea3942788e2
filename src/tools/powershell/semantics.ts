// Which non-zero exit codes the PowerShell tool does not report as an error. Like Bash it judges
// the last command of the line as written (`& grep x` counts as grep), but it
// ignores case and reads `x.exe` as `x`; where a bare name is a PowerShell alias (`where`,
// `fc`, `diff`) only the `.exe` form counts (the profile's table, psX-exit probe).
import type { PowerShellExitSemantics } from '../../profiles/types';
import { lastCommandWords } from '../bash/semantics';

/** git's subcommand past its -C/-c options (as Bash's table reads it). */
function gitSubcommand(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-C' || a === '-c') i++;
    else if (!a.startsWith('-')) return a.toLowerCase();
  }
  return undefined;
}

/** What a non-zero exit code means where it is an answer, not an error; undefined where it is an
 * error. */
export function powershellExitMeaning(
  command: string,
  exitCode: number,
  table: readonly PowerShellExitSemantics[],
): string | undefined {
  if (exitCode === 0) return undefined;
  // `& grep x` ends its first segment at the `&`, so the call operator is never a word here.
  const [written, ...args] = lastCommandWords(command);
  if (written === undefined) return undefined;
  const lower = written.toLowerCase();
  const exe = lower.endsWith('.exe');
  const name = exe ? lower.slice(0, -4) : lower;
  const e = table.find(
    (e) =>
      e.command === name &&
      (exe || e.exeOnly !== true) &&
      exitCode >= 1 &&
      exitCode <= e.maxNotError &&
      (e.subcommands === undefined || e.subcommands.includes(gitSubcommand(args) ?? '')),
  );
  if (e === undefined) return undefined;
  return exitCode % 2 === 1 && e.oddMeaning !== undefined ? e.oddMeaning : e.meaning;
}
