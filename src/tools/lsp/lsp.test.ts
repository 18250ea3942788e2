// The LSP tool's pieces on a small project: the TypeScript language service's answers worded as
// the binary words them (texts as recorded in lsp-operations and lsp-diagnostics-after-edit).
import { describe, expect, it } from 'vitest';
import { createInProcessLanguageBackend } from '../../backends/lsp/in-process';
import { diagnosticsMessage } from './diagnostics';
import { formatAnswer } from './format';
import { relativePath, renderLsp } from './index';
import { extensionOf, serversOf } from './session';
import type { LspProject, LspRequest } from '../../workspace/language';

const A = `export interface Shape {
  area(): number;
}

export class Circle implements Shape {
  constructor(private r: number) {}
  area(): number {
    return 3 * this.r;
  }
}

/**
 * Adds two numbers.
 * @param a the first
 * @returns the sum
 */
export function add(a: number, b: number): number {
  return a + b;
}

export function twice(n: number): number {
  return add(n, n);
}

export function pick(x: string): string;
export function pick(x: number): number;
export function pick(x: string | number): string | number {
  return x;
}
`;
const B = `import { add } from './a';
const x: string = add(1, 2);
`;
const project: LspProject = { cwd: '/p', files: { '/p/a.ts': A, '/p/b.ts': B }, opened: ['/p/a.ts', '/p/b.ts'] };
const backend = createInProcessLanguageBackend();

async function ask(req: LspRequest, namesAtName = false): Promise<string> {
  const answer = await backend.run(project, req);
  return formatAnswer(answer, (f) => relativePath('/p', f), { line: req.position.line + 1, character: req.position.character + 1 }, { namesAtName }).text;
}

describe('LSP answers', () => {
  it('documentSymbol: the navigation tree, one symbol per overload, children indented', async () => {
    expect(await ask({ op: 'documentSymbol', file: '/p/a.ts', position: { line: 0, character: 0 } })).toBe(
      [
        'Document symbols:',
        'add (Function) - Line 17',
        'Circle (Class) - Line 5',
        '  constructor (Constructor) - Line 6',
        '  area (Method) - Line 7',
        '  r (Property) - Line 6',
        'pick (Function) - Line 25',
        'pick (Function) - Line 26',
        'pick (Function) - Line 27',
        'Shape (Interface) - Line 1',
        '  area (Method) - Line 2',
        'twice (Function) - Line 21',
      ].join('\n'),
    );
  });

  it('findReferences across files, hover with JSDoc tags, calls into a function', async () => {
    const at = { line: 16, character: 16 };
    expect(await ask({ op: 'findReferences', file: '/p/a.ts', position: at })).toBe(
      'Found 4 references across 2 files:\n\na.ts:\n  Line 17:17\n  Line 22:10\n\nb.ts:\n  Line 1:10\n  Line 2:19',
    );
    expect(await ask({ op: 'hover', file: '/p/a.ts', position: at })).toBe(
      'Hover info at 17:17:\n\n\n```typescript\nfunction add(a: number, b: number): number\n```\nAdds two numbers.\n\n*@param* `a` — the first  \n\n*@returns* — the sum',
    );
    expect(await ask({ op: 'incomingCalls', file: '/p/a.ts', position: at })).toBe(
      'Found 2 incoming calls:\n\na.ts:\n  twice (Function) - Line 21 [calls at: 22:10]\n\nb.ts:\n  b.ts (Module) - Line 1 [calls at: 2:19]',
    );
    expect(await ask({ op: 'goToImplementation', file: '/p/a.ts', position: { line: 0, character: 17 } })).toBe(
      'Defined in a.ts:5:14',
    );
    expect(await ask({ op: 'hover', file: '/p/a.ts', position: { line: 3, character: 0 } })).toBe(
      'No hover information available. This may occur if the cursor is not on a symbol, or if the LSP server has not fully indexed the file.',
    );
  });

  it('a call hierarchy item: at its JSDoc, or at its name (2.1.334), a method with its class in brackets', async () => {
    const add = { op: 'prepareCallHierarchy', file: '/p/a.ts', position: { line: 16, character: 16 } } as const;
    expect(await ask(add)).toBe('Call hierarchy item: add (Function) - a.ts:12');
    expect(await ask(add, true)).toBe('Call hierarchy item: add (Function) - a.ts:17');
    expect(await ask({ op: 'prepareCallHierarchy', file: '/p/a.ts', position: { line: 6, character: 3 } }, true)).toBe(
      'Call hierarchy item: area (Method) - a.ts:7 [Circle]',
    );
    expect(await ask({ op: 'outgoingCalls', file: '/p/a.ts', position: { line: 20, character: 16 } }, true)).toBe(
      'Found 1 outgoing call:\n\na.ts:\n  add (Function) - Line 17 [called from: 22:10]',
    );
  });

  it('diagnostics: semantic ones first, then suggestions, in one message per model call', async () => {
    const diags = await backend.diagnostics(project, '/p/b.ts');
    expect(diagnosticsMessage([{ path: 'b.ts', diagnostics: diags }, { path: 'a.ts', diagnostics: [] }])).toBe(
      "<new-diagnostics>The following new diagnostic issues were detected:\n\nb.ts:\n  ✘ [Line 2:7] Type 'number' is not assignable to type 'string'. [2322] (typescript)\n  ★ [Line 2:7] 'x' is declared but its value is never read. [6133] (typescript)</new-diagnostics>",
    );
  });
});

describe('LSP sessions', () => {
  it('a plugin manifest names its servers plugin:<plugin>:<server>; the extension is from the last dot', () => {
    expect(
      serversOf({ tsp: { lspServers: { typescript: { command: 'x', extensionToLanguage: { '.ts': 'typescript' } } } }, other: {} }),
    ).toEqual([{ name: 'plugin:tsp:typescript', extensions: { '.ts': 'typescript' } }]);
    expect([extensionOf('/p/Makefile'), extensionOf('/p/a.d.ts'), extensionOf('/p/.env')]).toEqual(['', '.ts', '']);
  });

  it('renders refusals and a file no server takes as the binary does', () => {
    expect(renderLsp({ kind: 'missing', filePath: 'nope.ts' })).toEqual({
      content: '<tool_use_error>File does not exist: nope.ts</tool_use_error>',
      is_error: true,
      structured: 'Error: File does not exist: nope.ts',
    });
    expect(renderLsp({ kind: 'noServer', op: 'hover', filePath: '/p/notes.txt', ext: '.txt' })).toEqual({
      content: 'No LSP server available for file type: .txt',
      is_error: false,
      structured: { operation: 'hover', result: 'No LSP server available for file type: .txt', filePath: '/p/notes.txt' },
    });
  });
});
