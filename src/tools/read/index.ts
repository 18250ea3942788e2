import type { ToolModule } from '../types';
import { expandPath } from '../../text/paths';
import { explainRead } from './explain';
import { read, type ReadOutcome } from './read';
import { renderRead } from './render';
import { readInput, type ReadInput } from './schema';

export const readTool: ToolModule<ReadInput, ReadOutcome> = {
  name: 'Read',
  schema: readInput,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  permissionRequest: (input, ctx) => ({
    tool: 'Read',
    kind: 'read',
    paths: [expandPath(input.file_path, ctx.ws.info.cwd, ctx.ws.info.home)],
    input,
  }),
  call: read,
  render: renderRead,
  explain: explainRead,
};
