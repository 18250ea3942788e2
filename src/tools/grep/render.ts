// Grep outcome -> exactly what Claude Code 2.1.273 sends the model.
import type { Rendered, ToolContext } from '../types';
import type { GrepOutcome, Page } from './grep';
import { rejectedText } from './rg';

function pagination(p: Page): string {
  const parts: string[] = [];
  if (p.appliedLimit !== undefined) parts.push(`limit: ${p.appliedLimit}`);
  if (p.appliedOffset !== undefined) parts.push(`offset: ${p.appliedOffset}`);
  return parts.join(', ');
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

function page(p: Page): Page {
  return {
    ...(p.appliedLimit !== undefined && { appliedLimit: p.appliedLimit }),
    ...(p.appliedOffset !== undefined && { appliedOffset: p.appliedOffset }),
  };
}

export function renderGrep(o: GrepOutcome, _ctx: ToolContext): Rendered {
  switch (o.kind) {
    case 'files': {
      const info = pagination(o);
      const n = o.filenames.length;
      let content: string;
      if (n === 0)
        content =
          o.totalFiles > 0 && o.appliedOffset !== undefined
            ? `No entries at this offset. [Showing results with pagination = ${info}]`
            : 'No files found';
      else
        content = `Found ${n} ${plural(n, 'file', 'files')}${info ? ` ${info}` : ''}\n${o.filenames.join('\n')}`;
      return {
        is_error: false,
        content,
        structured: {
          mode: 'files_with_matches',
          filenames: o.filenames,
          numFiles: n,
          totalFiles: o.totalFiles,
          ...page(o),
        },
      };
    }
    case 'content': {
      const info = pagination(o);
      const text = o.lines.join('\n');
      const body =
        text !== ''
          ? text
          : o.totalLines > 0 && o.appliedOffset !== undefined
            ? 'No entries at this offset'
            : 'No matches found';
      return {
        is_error: false,
        content: info ? `${body}\n\n[Showing results with pagination = ${info}]` : body,
        structured: {
          mode: 'content',
          numFiles: 0,
          filenames: [],
          content: text,
          numLines: o.lines.length,
          totalLines: o.totalLines,
          ...page(o),
        },
      };
    }
    case 'count': {
      const info = pagination(o);
      const text = o.lines.join('\n');
      const summary = `Found ${o.numMatches} total ${plural(o.numMatches, 'occurrence', 'occurrences')} across ${o.numFiles} ${plural(o.numFiles, 'file', 'files')}.`;
      return {
        is_error: false,
        content: `${text || 'No matches found'}\n\n${summary}${info ? ` with pagination = ${info}` : ''}`,
        structured: {
          mode: 'count',
          numFiles: o.numFiles,
          filenames: [],
          content: text,
          numMatches: o.numMatches,
          ...page(o),
        },
      };
    }
    case 'null-byte': {
      const text = 'Grep pattern cannot contain null bytes (\\0). Remove the null byte and try again.';
      return {
        is_error: true,
        content: `<tool_use_error>${text}</tool_use_error>`,
        structured: `Error: ${text}`,
      };
    }
    case 'missing-path': {
      const text = `Path does not exist: ${o.path}. Note: your current working directory is ${o.cwd}.`;
      return { is_error: true, content: text, structured: `Error: ${text}` };
    }
    case 'rejected': {
      const text = rejectedText(o.diagnostic);
      return { is_error: true, content: text, structured: `Error: ${text}` };
    }
  }
}
