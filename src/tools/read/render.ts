// Read outcome -> exactly what Claude Code 2.1.273 sends the model.
import type { Rendered, ToolContext } from '../types';
import type { ReadOutcome } from './read';

export function numbered(lines: readonly string[], first: number): string {
  return lines.map((l, i) => `${first + i}\t${l}`).join('\n');
}

export function renderRead(o: ReadOutcome, _ctx: ToolContext): Rendered {
  switch (o.kind) {
    case 'text':
      return {
        is_error: false,
        content: numbered(o.lines, o.startLine),
        structured: { type: 'text', file: { filePath: o.inputPath, content: o.content, numLines: o.numLines, startLine: o.startLine, totalLines: o.totalLines } },
      };
    case 'empty':
      return {
        is_error: false,
        content: '<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>',
        structured: { type: 'text', file: { filePath: o.inputPath, content: '', numLines: 1, startLine: 1, totalLines: 1 } },
      };
    case 'past-end':
      return {
        is_error: false,
        content: `<system-reminder>Warning: the file exists but is shorter than the provided offset (${o.offset}). The file has ${o.totalLines} lines.</system-reminder>`,
        structured: { type: 'text', file: { filePath: o.inputPath, content: '', numLines: 0, startLine: o.offset, totalLines: o.totalLines } },
      };
    case 'unchanged':
      return {
        is_error: false,
        content: 'Wasted call — file unchanged since your last Read. Refer to that earlier tool_result instead.',
        structured: { type: 'file_unchanged', file: { filePath: o.inputPath } },
      };
    case 'missing': {
      const text = `File does not exist. Note: your current working directory is ${o.cwd}.`;
      return { is_error: true, content: text, structured: `Error: ${text}` };
    }
    case 'is-directory': {
      const text = `EISDIR: illegal operation on a directory, read '${o.path}'`;
      return { is_error: true, content: text, structured: `Error: ${text}` };
    }
  }
}
