// Write outcome -> exactly what Claude Code sends the model (wording per profile).
import type { Rendered, ToolContext } from '../types';
import { ENCODING_REFUSAL_TEXT } from '../files/errors';
import { CURRENT_SUFFIX, checkCrash, MODIFIED, refusal, symlinkRefusal, thrown, UNREAD } from '../files/render';
import type { WriteOutcome } from './write';

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
