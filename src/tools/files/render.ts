// Texts the file tools (Write, Edit, NotebookEdit) share, as Claude Code sends them.
import type { Rendered, ToolContext } from '../types';

/** Appended to a successful Write, and to an Edit when the profile's rule says the model has the
 * whole file. */
export const CURRENT_SUFFIX = '(file state is current in your context — no need to Read it back)';
export const UNREAD = 'File has not been read yet. Read it first before writing to it.';
export const MODIFIED =
  'File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.';

/** A check that failed before the call ran (validateInput). */
export function refusal(text: string): Rendered {
  return {
    content: `<tool_use_error>${text}</tool_use_error>`,
    is_error: true,
    structured: `Error: ${text}`,
  };
}

/** An error thrown inside validateInput. */
export function checkCrash(tool: string, message: string): Rendered {
  const text = `Error calling tool (${tool}): ${message}`;
  return { content: `<tool_use_error>${text}</tool_use_error>`, is_error: true, structured: text };
}

/** An error thrown inside the call itself: the text goes to the model as it is. */
export function thrown(text: string): Rendered {
  return { content: text, is_error: true, structured: `Error: ${text}` };
}

export function symlinkRefusal(o: { path: string; target: string }, ctx: ToolContext): string {
  const older = ctx.profile.text.symlinkRefusal;
  if (older) return `${older.lead}${o.path}${older.tail}`;
  const target = ctx.profile.symlinkRefusalNamesTarget ? `: ${o.target}` : '';
  return `Refusing to write ${o.path}: it is a symbolic link. Write to the link's target path instead${target}.`;
}
