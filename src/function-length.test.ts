// No function in src/ runs over MAX_LINES lines (issue 26): a longer one is split into named
// steps. Measured with the TypeScript compiler: every function, method, arrow and accessor, from
// its first line to its last (a function's inner functions count in it, and are measured too).
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const MAX_LINES = 150;

/** Functions over the limit, each with why it is still there. An entry that no longer runs over
 * fails the test, so the list only shrinks. */
export const LONG_FUNCTIONS: Readonly<Record<string, string>> = {
  // Tables: an object of one small method per entry, each measured on its own.
  'backends/search/wasi.ts makeImports': "a table: the WASI imports ripgrep's module asks for, one small function each",
  'backends/webcontainer/workspace.ts createWebContainerWorkspace': 'a table: the Workspace port over the WebContainer API, one small method each',
  'backends/lsp/typescript-service.ts typescriptBackend': "a table: the language-server port over TypeScript's language service, one small method each",
};

const here = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const f = join(dir, n);
    if (statSync(f).isDirectory()) return sources(f);
    return /\.tsx?$/.test(n) && !/\.test(-support)?\.tsx?$/.test(n) && !n.endsWith('.d.ts') ? [f] : [];
  });
}

/** The name a function is known by: its own, or the variable, property or class member it is. */
function nameOf(n: ts.SignatureDeclaration): string {
  if (n.name && !ts.isComputedPropertyName(n.name)) return n.name.getText();
  const p = n.parent;
  if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) return p.name.getText();
  return '(anonymous)';
}

/** `<file> <name>: <lines>` for each function of `text` over `max` lines. */
export function longFunctions(file: string, text: string, max = MAX_LINES): Map<string, number> {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out = new Map<string, number>();
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionLike(n) && 'body' in n && n.body) {
      const first = sf.getLineAndCharacterOfPosition(n.getStart()).line;
      const last = sf.getLineAndCharacterOfPosition(n.getEnd()).line;
      if (last - first + 1 > max) out.set(`${file} ${nameOf(n)}`, last - first + 1);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

describe('function length', () => {
  it(`keeps every function of src/ within ${MAX_LINES} lines, but the listed ones`, () => {
    const found = new Map(
      sources(here).flatMap((f) => [...longFunctions(relative(here, f), readFileSync(f, 'utf8'))]),
    );
    expect([...found.keys()].filter((k) => !Object.hasOwn(LONG_FUNCTIONS, k)).map((k) => `${k}: ${found.get(k)} lines`)).toEqual([]);
    expect(Object.keys(LONG_FUNCTIONS).filter((k) => !found.has(k))).toEqual([]);
  });

  it('measures functions, methods and arrows from first line to last', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  x(${i});`).join('\n');
    const text = [
      `function a() {\n${body(3)}\n}`,
      `const b = () => {\n${body(2)}\n};`,
      `class C {\n  m() {\n${body(4)}\n  }\n}`,
      `const o = { p: function () {\n${body(1)}\n} };`,
    ].join('\n');
    expect([...longFunctions('f.ts', text, 4)]).toEqual([
      ['f.ts a', 5],
      ['f.ts m', 6],
    ]);
    expect([...longFunctions('f.ts', text, 2)].map(([k]) => k)).toEqual(['f.ts a', 'f.ts b', 'f.ts m', 'f.ts p']);
  });
});
