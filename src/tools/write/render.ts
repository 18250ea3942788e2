// Write outcome -> exactly what Claude Code sends the model (wording per profile).
import type { Rendered, ToolContext } from '../types';
import { ENCODING_REFUSAL_TEXT } from './errors';
import type { WriteOutcome } from './write';

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
  const target = ctx.profile.symlinkRefusalNamesTarget ? `: ${o.target}` : '';
  return `Refusing to write ${o.path}: it is a symbolic link. Write to the link's target path instead${target}.`;
}

export function renderWrite(o: WriteOutcome, ctx: ToolContext): Rendered {
  switch (o.kind) {
    case 'refused':
      return refusal(o.code === 'unread' ? UNREAD : MODIFIED);
    case 'check-error':
      return checkCrash('Write', o.message);
    case 'symlink':
      return thrown(symlinkRefusal(o, ctx));
    case 'is-directory':
      return refusal(`${o.path} is a directory, not a file. To create a file inside it, include the file name in file_path.`);
    case 'io-error':
      return thrown(o.message);
    case 'encoding':
      // Not wrapped in <tool_use_error>, unlike Edit's same refusal (recorded).
      return thrown(ENCODING_REFUSAL_TEXT[o.refusal]);
    case 'written':
      return {
        is_error: false,
        content:
          o.type === 'create'
            ? `File created successfully at: ${o.inputPath} ${CURRENT_SUFFIX}`
            : `The file ${o.inputPath} has been updated successfully. ${CURRENT_SUFFIX}`,
        structured: {
          type: o.type,
          filePath: o.inputPath,
          content: o.content,
          structuredPatch: o.patch,
          originalFile: o.originalFile,
          userModified: false,
        },
      };
  }
}
