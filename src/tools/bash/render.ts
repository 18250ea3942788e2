// Bash outcome -> exactly what Claude Code sends the model (wording per profile).
import type { Attachment, Rendered, ToolContext } from '../types';
import type { BashOutcome, CwdChange } from './bash';
import { formatDuration, formatSize, truncateError } from './output';

export const NO_OUTPUT = '(Bash completed with no output)';

export function environmentUpdate(c: CwdChange): string {
  return `# Environment update\n - Primary working directory: ${c.to} (was ${c.from})`;
}

export function persistedText(p: { path: string; size: number; preview: string; more: boolean }): string {
  return `<persisted-output>\nOutput too large (${formatSize(p.size)}). Full output saved to: ${p.path}\n\nPreview (first 2KB):\n${p.preview}${p.more ? '\n...' : ''}\n</persisted-output>`;
}

const cwdHint = (cwd: string): string =>
  `Session cwd remains ${cwd}; directory changes made by the backgrounded command do not apply to subsequent commands.`;

function backgroundText(o: Extract<BashOutcome, { kind: 'background' }>, ctx: ToolContext): string {
  const notified = `Output is being written to: ${o.outputFile}. You will be notified when it completes.`;
  const check = 'To check interim output, use Read on that file path.';
  if (o.timedOutAfterMs !== undefined) {
    const note = ctx.profile.text.autoBackgroundNote;
    return `Command did not complete within its ${formatDuration(o.timedOutAfterMs)} timeout and was moved to the background (ID: ${o.taskId}). ${[notified, note, check].filter((x) => x !== undefined).join(' ')}`;
  }
  const kept = o.cwdKept === undefined ? '' : `\n${cwdHint(o.cwdKept)}`;
  return `Command running in background with ID: ${o.taskId}. ${notified} ${check}${kept}`;
}

/** The note versions that report in-place edits give about previously read files. */
function modifiedReadNote(files: readonly string[]): string {
  return `[This command modified ${files.length} ${files.length === 1 ? 'file' : 'files'} you've previously read: ${files.join(', ')}. Call Read before editing.]`;
}

/** Where a notice goes depends on the model: its own system message, or inside the result. */
function placeNotice(
  content: string,
  notice: string,
  ctx: ToolContext,
): { content: string; attachments: Attachment[] } {
  if (ctx.profile.noticePlacement(ctx.model) === 'inline')
    return { content: `${content}\n\n<system-reminder>\n${notice}\n</system-reminder>`, attachments: [] };
  return { content, attachments: [{ role: 'system', type: 'text', text: notice }] };
}

type Ran = Extract<BashOutcome, { kind: 'ran' }>;

const notesOf = (o: Ran): string[] =>
  o.cwdReset !== undefined ? [`Shell cwd was reset to ${o.cwdReset}`] : [];

/** The timeout is said before what the command printed (bash-timeout-keeps-output). */
const timeoutOf = (o: Ran): string[] =>
  o.timedOutAfterMs !== undefined ? [`Command timed out after ${formatDuration(o.timedOutAfterMs)}`] : [];

const isFailed = (o: Ran): boolean =>
  (o.exitCode !== 0 && !o.exitIsAnswer) || o.timedOutAfterMs !== undefined;

/** The result text of a command that ran, before the tool-result size limit applies. */
export function ranText(o: Ran): string {
  const body = o.persisted ? persistedText(o.persisted) : o.output;
  const modified = o.modifiedRead ? modifiedReadNote(o.modifiedRead) : '';
  const shown = [...timeoutOf(o), body, ...notesOf(o), modified].filter((s) => s !== '').join('\n');
  if (isFailed(o)) return shown === '' ? `Exit code ${o.exitCode}` : `Exit code ${o.exitCode}\n${shown}`;
  return shown === '' ? NO_OUTPUT : shown;
}

export function renderBash(o: BashOutcome, ctx: ToolContext): Rendered {
  if (o.kind === 'background') {
    const structured: Record<string, unknown> = {
      stdout: '',
      stderr: '',
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
      backgroundTaskId: o.taskId,
    };
    if (o.cwdKept !== undefined) structured.backgroundCwdHint = cwdHint(o.cwdKept);
    if (ctx.profile.bashStructuredOutputPath === true) structured.backgroundOutputPath = o.outputFile;
    if (o.timedOutAfterMs !== undefined) structured.timedOutAfterMs = o.timedOutAfterMs;
    if (o.dangerouslyDisableSandbox !== undefined)
      structured.dangerouslyDisableSandbox = o.dangerouslyDisableSandbox;
    return { content: backgroundText(o, ctx), is_error: false, structured };
  }
  const notes = notesOf(o);
  const modified = o.modifiedRead ? modifiedReadNote(o.modifiedRead) : '';
  const failed = isFailed(o);
  let content: string;
  let structured: unknown;
  if (failed) {
    content = truncateError(ranText(o));
    structured = `Error: ${content}`;
  } else {
    content = o.resultPersisted ? persistedText(o.resultPersisted) : ranText(o);
    // The sandbox's violations block is the structured result's stderr (sandbox-accept-nounsb).
    const violations = o.sandboxRefused
      ? /\n(<sandbox_violations>[\s\S]*<\/sandbox_violations>)$/.exec(o.output)
      : null;
    const s: Record<string, unknown> = {
      stdout: violations ? o.output.slice(0, violations.index) : o.output,
      stderr: [...(violations?.[1] !== undefined ? [violations[1]] : []), ...notes].join('\n'),
      interrupted: o.interrupted,
      isImage: false,
      ...(o.exitMeaning !== undefined && o.exitCode !== 0 ? { returnCodeInterpretation: o.exitMeaning } : {}),
      noOutputExpected: o.noOutputExpected,
    };
    if (o.persisted) {
      s.persistedOutputPath = o.persisted.path;
      s.persistedOutputSize = o.persisted.size;
    }
    if (modified !== '') s.staleReadFileStateHint = modified;
    if (o.dangerouslyDisableSandbox !== undefined) s.dangerouslyDisableSandbox = o.dangerouslyDisableSandbox;
    structured = s;
  }
  if (o.cwdChange === undefined) return { content, is_error: failed, structured };
  const placed = placeNotice(content, environmentUpdate(o.cwdChange), ctx);
  return { content: placed.content, is_error: failed, structured, attachments: placed.attachments };
}
