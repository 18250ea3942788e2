import type { LedgerEntry } from '../../ledger/ledger';
import type { ToolModule } from '../types';
import { expandPath } from '../../text/paths';
import { explainRead } from './explain';
import { pdfjsEngine, type PdfEngine } from './pdf';
import { read, validateRead, type ReadOutcome } from './read';
import { renderRead } from './render';
import { readInput, type ReadInput } from './schema';

export interface ReadToolOptions {
  /** Counts and renders PDF pages; pdf.js by default. */
  pdf?: PdfEngine;
}

export function createReadTool(opts: ReadToolOptions = {}): ToolModule<ReadInput, ReadOutcome> {
  const deps = { pdf: opts.pdf ?? pdfjsEngine };
  return {
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
    validate: validateRead,
    call: (input, ctx) => read(input, ctx, deps),
    render: renderRead,
    explain: explainRead,
    consulted: (o: ReadOutcome): LedgerEntry | undefined => (o.kind === 'unchanged' ? o.prior : undefined),
  };
}

export const readTool = createReadTool();
export { scenarioTokenCounter, setTokenCounter, type TokenCounter } from './read';
