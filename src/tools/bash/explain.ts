import type { BashOutcome } from './bash';

export function explainBash(o: BashOutcome): string {
  if (o.kind === 'background') {
    return o.timedOutAfterMs !== undefined
      ? `The command outlived its ${o.timedOutAfterMs} ms timeout, so Claude Code left it running as background task ${o.taskId}; a notification follows when it ends.`
      : `run_in_background: the command runs as task ${o.taskId}, its output goes to a file, and a notification follows when it ends.`;
  }
  const parts: string[] = [];
  if (o.sandboxRefused)
    parts.push(
      `The sandbox refused ${o.sandboxRefused.target} (emulated: the playground checks the command's writes and its curl host against the sandbox policy before running it: a refused curl does not run, a refused write is replaced by its error and the rest of the line runs).${o.sandboxRefused.notRecorded ? " This release's sandbox could not be recorded: the text is from a release where it was." : ''}`,
    );
  if (o.timedOutAfterMs !== undefined)
    parts.push(
      `The command was stopped by its ${o.timedOutAfterMs} ms timeout (background tasks are off or it starts with sleep).`,
    );
  else if (o.interrupted)
    parts.push(
      `The command was stopped before it finished (Stop in the playground, an interrupt in Claude Code): bash was killed, so the result is "Exit code ${o.exitCode}" and an error.`,
    );
  else if (o.shellSignal !== undefined)
    parts.push(
      `The command's own shell was ended by ${o.shellSignal}; Claude Code reports that as "Exit code ${o.exitCode}" (not bash's 128 + the signal's number), and an error.`,
    );
  else if (o.exitCode !== 0 && o.exitIsAnswer)
    parts.push(
      `Exit code ${o.exitCode} here means "no match" or "differences", so it is not reported as a failure.`,
    );
  else if (o.exitCode !== 0)
    parts.push(
      `The command exited with ${o.exitCode}, so the result starts with "Exit code ${o.exitCode}" and is an error.`,
    );
  else
    parts.push(
      'The command succeeded; stdout and stderr are shown together, blank lines at the ends trimmed.',
    );
  if (o.persisted)
    parts.push(
      `The output (${o.persisted.size} characters) is over the inline limit, so it was saved to a file and the model gets a 2 KB preview.`,
    );
  if (o.cwdChange)
    parts.push(
      `The working directory moved from ${o.cwdChange.from} to ${o.cwdChange.to}; the next command starts there and the model is told.`,
    );
  if (o.cwdReset) parts.push(`The command left the project, so the shell went back to ${o.cwdReset}.`);
  if (o.viewed)
    parts.push(
      `It viewed ${o.viewed} (one file, no pipes or redirects), which counts as a Read in the ledger.`,
    );
  if (o.backendNote) parts.push(o.backendNote);
  return parts.join(' ');
}
