// The direction of imports (DESIGN §2): the core runs unchanged in the browser, in Node and in a
// worker, so it imports no React, no Monaco, no DOM globals, no node:* and no backend; every
// import between the folders of src/ follows the graph below (ARCHITECTURE.md draws it); no core
// module keeps a value an exported function sets (a global setter): a port is passed through the
// tool context instead.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { ALL_TOOLS } from './tools/registry';

/** The folders of src/ (and its two entry files), and the ones each may import from. An import
 * between two of them that is not here fails, as does one to a folder not listed. */
export const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  workspace: [],
  ledger: [],
  text: ['workspace'],
  scenario: ['workspace'],
  permissions: ['text'],
  profiles: ['permissions'],
  tools: ['ledger', 'permissions', 'text', 'workspace', 'profiles', 'scenario'],
  hooks: ['tools', 'workspace'],
  session: ['tools', 'hooks', 'ledger', 'permissions', 'text', 'workspace', 'profiles', 'scenario'],
  share: ['session', 'scenario', 'workspace', 'profiles'],
  // POSIX path arithmetic, the patch builder git diff prints with, byte formatting: pure text.
  backends: ['workspace', 'text'],
  drivers: ['session', 'share', 'tools', 'scenario', 'profiles', 'workspace'],
  cli: ['session', 'drivers', 'tools', 'backends', 'scenario', 'profiles', 'workspace'],
  ui: [
    'session', 'drivers', 'share', 'hooks', 'tools', 'ledger', 'permissions', 'scenario', 'profiles',
    'workspace', 'text',
  ],
  difftest: ['cli', 'scenario', 'profiles', 'workspace'],
  fuzz: ['session', 'drivers', 'share', 'tools', 'backends', 'scenario', 'profiles', 'workspace'],
  // The page's workers that run the tool layer: like main.tsx, each chooses its backend.
  workers: ['drivers', 'backends', 'workspace'],
  'main.tsx': ['ui', 'backends', 'workers', 'workspace'],
  'test-setup.ts': ['permissions'],
};

/** Imports against the graph that are known and not yet moved, each with why it is there; a file
 * not named here may not add one. */
export const EXCEPTIONS: readonly { file: string; to: string; why: string }[] = [
];

/** Module-level values set from a caller that are not global setters, with why. */
export const SETTER_EXCEPTIONS: readonly { setter: string; why: string }[] = [
  {
    setter: "permissions/shell/parse.ts: rewriteSimpleCommands sets the module's rewrite",
    why: "just-bash's transform plugin takes no per-call argument: the rewrite is set for one synchronous transform and cleared in its finally",
  },
];

/** Folders of the core: no React, no Monaco, no DOM, no node:*, no backend, no global setter. */
const CORE = ['tools', 'ledger', 'permissions', 'text', 'session', 'hooks', 'profiles', 'scenario', 'workspace', 'share'];
const here = import.meta.dirname;

/** Tests and the helpers beside them (`*.test-support.ts`) are not part of the graph. */
const isTestCode = (name: string) => /\.test(-support)?\.tsx?$/.test(name) || name.endsWith('.d.ts');

function sources(dir: string): string[] {
  let out: string[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const n of names) {
    const f = join(dir, n);
    if (statSync(f).isDirectory()) out = out.concat(sources(f));
    else if (/\.(ts|tsx)$/.test(n) && !isTestCode(n)) out.push(f);
  }
  return out;
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const FORBIDDEN_MODULE =
  /^(node:|react$|react-dom|react\/|monaco-editor|@monaco-editor\/|@webcontainer\/|fs$|path$|child_process$|os$)/;
const DOM_GLOBAL = /\b(window|document|localStorage|sessionStorage|navigator|location)\s*\./;

/** The folder of src/ a path relative to src/ is in (or the entry file itself). */
const unitOf = (path: string) => path.split('/')[0] as string;

/** Imports of `file` (relative to src/) that go against ALLOWED and are not EXCEPTIONS. */
export function arrowViolations(file: string, text: string, exceptions = EXCEPTIONS): string[] {
  const from = unitOf(file);
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = (m[1] ?? m[2]) as string;
    if (!spec.startsWith('.')) continue;
    const target = join(dirname(file), spec.replace(/\?.*$/, ''));
    if (target.startsWith('..')) continue; // outside src/ (a package's file read as text)
    const to = unitOf(target);
    if (to === from || (ALLOWED[from] ?? []).includes(to)) continue;
    if (exceptions.some((e) => e.file === file && e.to === to)) continue;
    out.push(`${file}: ${from} -> ${to} (${spec})`);
  }
  return out;
}

export function violations(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = (m[1] ?? m[2]) as string;
    if (FORBIDDEN_MODULE.test(spec)) out.push(`${file}: imports ${spec}`);
  }
  const code = text.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  const dom = code.match(DOM_GLOBAL);
  if (dom) out.push(`${file}: uses ${dom[0].trim()}`);
  return out;
}

/** Module-level `let`s an exported function assigns from one of its parameters: a value the
 * caller sets for every later caller (a lazily loaded cache is not one: it takes no parameter). */
export function globalSetters(file: string, text: string): string[] {
  if (!/^(export\s+)?let\s/m.test(text)) return [];
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lets = new Set<string>();
  for (const st of sf.statements)
    if (ts.isVariableStatement(st) && st.declarationList.flags & ts.NodeFlags.Let)
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) lets.add(d.name.text);
  if (lets.size === 0) return [];
  const exported = (n: ts.Node) =>
    ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const functions: [string, ts.SignatureDeclaration & { body?: ts.Node }][] = [];
  for (const st of sf.statements) {
    if (!exported(st)) continue;
    if (ts.isFunctionDeclaration(st) && st.name) functions.push([st.name.text, st]);
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)))
          functions.push([d.name.text, d.initializer]);
  }
  const out: string[] = [];
  for (const [name, fn] of functions) {
    const params = new Set(fn.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : [])));
    const uses = (n: ts.Node): boolean => (ts.isIdentifier(n) && params.has(n.text)) || (ts.forEachChild(n, uses) ?? false);
    const visit = (n: ts.Node): void => {
      if (
        ts.isBinaryExpression(n) &&
        n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
        n.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
        ts.isIdentifier(n.left) &&
        lets.has(n.left.text) &&
        uses(n.right)
      )
        out.push(`${file}: ${name} sets the module's ${n.left.text}`);
      ts.forEachChild(n, visit);
    };
    if (fn.body) visit(fn.body);
  }
  return out;
}

const read = (f: string) => readFileSync(f, 'utf8');

describe('import direction', () => {
  it('keeps the core free of React, Monaco, the DOM and node:*', () => {
    const files = CORE.flatMap((d) => sources(join(here, d)));
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((f) => violations(relative(here, f), read(f)));
    expect(found).toEqual([]);
  });

  it('follows the drawn graph between every two folders', () => {
    const files = sources(here);
    expect(Object.keys(ALLOWED).sort()).toEqual([...new Set(files.map((f) => unitOf(relative(here, f))))].sort());
    const found = files.flatMap((f) => arrowViolations(relative(here, f), read(f)));
    expect(found).toEqual([]);
  });

  it('lists only exceptions that are still there', () => {
    const stale = EXCEPTIONS.filter(
      (e) => !arrowViolations(e.file, read(join(here, e.file)), []).some((v) => v.includes(` -> ${e.to} (`)),
    );
    expect(stale).toEqual([]);
  });

  it('finds no global setter in the core', () => {
    const files = CORE.flatMap((d) => sources(join(here, d)));
    const found = files.flatMap((f) => globalSetters(relative(here, f), read(f)));
    expect(found.filter((v) => !SETTER_EXCEPTIONS.some((e) => e.setter === v))).toEqual([]);
    expect(SETTER_EXCEPTIONS.filter((e) => !found.includes(e.setter))).toEqual([]);
  });

  it('notices each kind of violation', () => {
    const text = [
      "import { readFileSync } from 'node:fs';",
      "import React from 'react';",
      "import { x } from '../../backends/memfs';",
      "const m = import('monaco-editor');",
      "import { Session } from '../../session/engine';",
      'const w = window.innerWidth;',
      'let current: number | undefined;',
      'let loading: Promise<number> | undefined;',
      'export function setCurrent(n: number) { current = n; }',
      'export const load = () => (loading ??= Promise.resolve(1));',
    ].join('\n');
    expect([
      ...violations('tools/x/f.ts', text),
      ...arrowViolations('tools/x/f.ts', text),
      ...globalSetters('tools/x/f.ts', text),
    ]).toEqual([
      'tools/x/f.ts: imports node:fs',
      'tools/x/f.ts: imports react',
      'tools/x/f.ts: imports monaco-editor',
      'tools/x/f.ts: uses window.',
      'tools/x/f.ts: tools -> backends (../../backends/memfs)',
      'tools/x/f.ts: tools -> session (../../session/engine)',
      'tools/x/f.ts: setCurrent sets the module\'s current',
    ]);
  });
});

/** Files of session/, cli/ and ui/ that still name tools (quoted names), and how many times:
 * what is left of moving each tool's part of the session into the tool (issue 26, item 3:
 * scenario setup, transcript import, path keys, order-insensitivity, permission suggestions).
 * A file that names one more fails, and so does one that names fewer: the list only shrinks. */
const NAMING_TOOLS: Readonly<Record<string, number>> = {};

/** Quoted tool names in `text` ('Read', "Bash", `Edit`). */
export function toolNames(text: string, names: readonly string[]): number {
  const re = new RegExp(`(['"\`])(${names.join('|')})\\1`, 'g');
  return [...text.matchAll(re)].length;
}

describe('tool names', () => {
  it('are said only by the registry and the tools, not by the session, share, drivers, hooks, the CLI or the page', () => {
    const names = ALL_TOOLS.map((t) => t.name);
    const found: Record<string, number> = {};
    for (const f of ['session', 'share', 'drivers', 'hooks', 'cli', 'ui'].flatMap((d) => sources(join(here, d)))) {
      const n = toolNames(read(f), names);
      if (n > 0) found[relative(here, f)] = n;
    }
    expect(found).toEqual(NAMING_TOOLS);
  });

  it('are found in each quoting', () => {
    expect(toolNames("if (name === 'Read' || n === \"Bash\" || m === `Edit`) x('Reader');", ['Read', 'Bash', 'Edit'])).toBe(3);
  });
});

/** Packages the first page reaches through static imports from the browser entry. */
function firstLoadPackages(entry: string): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /^\s*(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?['"]([^'"]+)['"]/gm,
    )) {
      const spec = m[1] as string;
      if (!spec.startsWith('.')) {
        const pkg = spec.startsWith('@')
          ? spec.split('/').slice(0, 2).join('/')
          : (spec.split('/')[0] as string);
        if (!found.has(pkg)) found.set(pkg, relative(here, file));
        continue;
      }
      const base = join(file, '..', spec.replace(/\?.*$/, ''));
      const target = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
        .map((x) => base + x)
        .find((f) => {
          try {
            return statSync(f).isFile();
          } catch {
            return false;
          }
        });
      if (target && /\.tsx?$/.test(target)) stack.push(target);
    }
  }
  return found;
}

describe('first page load', () => {
  it('imports the heavy engines (shell, PDF, editor, git, WebContainer) only on demand', () => {
    const heavy = [
      'just-bash',
      'monaco-editor',
      '@monaco-editor/react',
      'isomorphic-git',
      'memfs',
      '@webcontainer/api',
    ];
    const reached = firstLoadPackages(join(here, 'main.tsx'));
    expect(heavy.filter((p) => reached.has(p)).map((p) => `${p} via ${reached.get(p)}`)).toEqual([]);
    expect(reached.has('react')).toEqual(true);
  });

  it('keeps just-bash in the shell worker: the page side of the shell only forwards', () => {
    const reached = firstLoadPackages(join(here, 'backends/shell/worker/browser.ts'));
    expect([reached.get('just-bash'), reached.has('isomorphic-git')]).toEqual([undefined, true]);
  });
});

/** Every module (tests aside) under src/, with its path relative to src/. */
function allModules(dir = here): string[] {
  return readdirSync(dir).flatMap((n) => {
    const f = join(dir, n);
    if (statSync(f).isDirectory()) return allModules(f);
    return /\.(ts|tsx)$/.test(n) && !/\.test\.tsx?$/.test(n) ? [relative(here, f)] : [];
  });
}

/** A Claude Code release of the 2.1 line, as text or as part of a name (`PERMISSIONS_2_1_332`). */
const RELEASE_TEXT = /\b2\.1\.\d+\b/;
const RELEASE_NAME = /_2_1_\d+\b/;

/** Where a module outside profiles/ names a release in its code (strings, templates, JSX text,
 * names); comments may cite the release a recording came from. */
export function releaseNames(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    const literal =
      ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateLiteralToken(n) || ts.isJsxText(n);
    const named = (literal && RELEASE_TEXT.test(n.text)) || (ts.isIdentifier(n) && RELEASE_NAME.test(n.text));
    if (named) out.push(`${file}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${n.getText().slice(0, 60)}`);
    ts.forEachChild(n, visit);
  };
  visit(source);
  return out;
}

describe('releases', () => {
  it('are named only by the profiles (the registry lists them for everyone else)', () => {
    const files = allModules().filter((f) => !f.startsWith('profiles/'));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => releaseNames(f, readFileSync(join(here, f), 'utf8')))).toEqual([]);
  });

  it('notices a release in a string, a template, JSX text and a name, not in a comment', () => {
    const text = [
      "// recorded on 2.1.273",
      "const a = '2.1.332';",
      'const b = `under ${a} and 2.1.334`;',
      'const c = <p>Claude Code 2.1.335</p>;',
      'const d = PERMISSIONS_2_1_273;',
      "const e = 'git version 2.39.5';",
    ].join('\n');
    expect(releaseNames('f.tsx', text)).toEqual([
      "f.tsx:2: '2.1.332'",
      'f.tsx:3: } and 2.1.334`',
      'f.tsx:4: Claude Code 2.1.335',
      'f.tsx:5: PERMISSIONS_2_1_273',
      ]);
    });
  });

/** Imports of backends/ that load code (a type import is erased, so it chooses nothing). */
export function backendImports(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(
    /^\s*(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm,
  )) {
    const spec = (m[1] ?? m[2]) as string;
    if (spec.startsWith('.') && /(^|\/)backends(\/|$)/.test(spec.replace(/^(\.\.?\/)+/, '')))
      out.push(`${file}: imports ${spec}`);
  }
  return out;
}

describe('the page', () => {
  it('chooses a backend only in its entry (main.tsx): ui/ loads no backend code', () => {
    const files = sources(join(here, 'ui'));
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((f) => backendImports(relative(here, f), readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('notices a static or dynamic import of a backend, not a type import', () => {
    const text = [
      "import type { PickedFile } from '../../backends/import';",
      "import { formatBytes } from '../../backends/import/bytes';",
      "const m = await import('../../backends/import');",
    ].join('\n');
    expect(backendImports('f.ts', text)).toEqual([
      'f.ts: imports ../../backends/import/bytes',
      'f.ts: imports ../../backends/import',
    ]);
  });
});

/** Names `file` imports as values from `pkg` (type-only imports aside). */
export function valueImports(file: string, text: string, pkg: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  for (const st of source.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || st.moduleSpecifier.text !== pkg) continue;
    const clause = st.importClause;
    if (!clause || clause.isTypeOnly) continue;
    if (clause.name) out.push('default');
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const el of bindings.elements) if (!el.isTypeOnly) out.push((el.propertyName ?? el.name).text);
  }
  return out;
}

/** The names a minified ES bundle exports (its closing `export{a as B,…}`). */
export function bundleExports(text: string): Set<string> {
  const list = [...text.matchAll(/export\s*\{([^}]*)\}/g)].at(-1)?.[1] ?? '';
  return new Set(list.split(',').map((e) => (e.split(/\s+as\s+/).at(-1) as string).trim()).filter(Boolean));
}

describe('packages with a browser build', () => {
  // just-bash's Node bundle exports more than its browser one; a name only the first has passes
  // every Node test and breaks `vite build`.
  it('give the page every name it imports from them', () => {
    const pkgDir = join(here, '../node_modules/just-bash');
    const browser = (JSON.parse(read(join(pkgDir, 'package.json'))) as { exports: { '.': { browser: string } } }).exports['.'].browser;
    const exported = bundleExports(read(join(pkgDir, browser)));
    expect(exported.has('Bash')).toEqual(true);
    const missing = allModules().flatMap((f) =>
      valueImports(f, read(join(here, f)), 'just-bash').filter((n) => !exported.has(n)).map((n) => `${f}: ${n}`),
    );
    expect(missing).toEqual([]);
  });

  it('notices a value import the bundle lacks, not a type import', () => {
    const text = [
      "import { defineCommand, bytesOutput, type ExecResult } from 'just-bash';",
      "import type { ByteString } from 'just-bash';",
      "import { x } from 'other';",
    ].join('\n');
    const exported = bundleExports('var a=1;export{a as defineCommand,b as Bash};');
    expect(valueImports('f.ts', text, 'just-bash').filter((n) => !exported.has(n))).toEqual(['bytesOutput']);
  });
});
