// Glob outcome -> exactly what Claude Code 2.1.273 sends the model.
import type { Rendered, ToolContext } from '../types';
import { rejectedText } from '../grep/rg';
import type { GlobOutcome } from './glob';

function error(text: string): Rendered {
  return { is_error: true, content: text, structured: `Error: ${text}` };
}

export function renderGlob(o: GlobOutcome, _ctx: ToolContext): Rendered {
  switch (o.kind) {
    case 'files': {
      const n = o.filenames.length;
      const lines = n === 0 ? ['No files found'] : [...o.filenames];
      if (o.truncated) {
        lines.push(
          `(Showing ${n} of ${o.totalMatches} matching files; ${o.totalMatches - n} more are not listed. Narrow the pattern or path to see the rest.)`,
        );
      }
      return {
        is_error: false,
        content: lines.join('\n'),
        structured: {
          filenames: o.filenames,
          durationMs: o.durationMs,
          numFiles: n,
          truncated: o.truncated,
          totalMatches: o.totalMatches,
          countIsComplete: true,
        },
      };
    }
    case 'missing-dir':
      return error(`Directory does not exist: ${o.path}. Note: your current working directory is ${o.cwd}.`);
    case 'nul-in-pattern': {
      // An input-validation refusal: wrapped, unlike the errors above.
      const text = 'Glob pattern cannot contain null bytes (\\0). Remove the null byte and try again.';
      return { is_error: true, content: `<tool_use_error>${text}</tool_use_error>`, structured: `Error: ${text}` };
    }
    case 'not-dir':
      return error(`Path is not a directory: ${o.path}`);
    case 'rejected':
      return error(rejectedText(o.diagnostic));
  }
}
