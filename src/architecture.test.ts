// The direction of imports (DESIGN §2): the core runs unchanged in the browser, in Node and in a
// worker, so it imports no React, no Monaco, no DOM globals, no node:* and no backend.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const CORE = [
  'tools',
  'ledger',
  'permissions',
  'text',
  'session',
  'hooks',
  'profiles',
  'scenario',
  'workspace',
  'share',
];
const here = import.meta.dirname;

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
    else if (/\.(ts|tsx)$/.test(n) && !/\.test\.tsx?$/.test(n)) out.push(f);
  }
  return out;
}

const FORBIDDEN_MODULE =
  /^(node:|react$|react-dom|react\/|monaco-editor|@monaco-editor\/|@webcontainer\/|fs$|path$|child_process$|os$)/;
const FORBIDDEN_LOCAL = /(^|\/)(backends|ui|cli|drivers)(\/|$)/;
const DOM_GLOBAL = /\b(window|document|localStorage|sessionStorage|navigator|location)\s*\./;

export function violations(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(
    /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
  )) {
    const spec = (m[1] ?? m[2]) as string;
    if (FORBIDDEN_MODULE.test(spec)) out.push(`${file}: imports ${spec}`);
    if (spec.startsWith('.') && FORBIDDEN_LOCAL.test(spec.replace(/^(\.\.?\/)+/, '')))
      out.push(`${file}: imports ${spec}`);
  }
  const code = text.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  const dom = code.match(DOM_GLOBAL);
  if (dom) out.push(`${file}: uses ${dom[0].trim()}`);
  return out;
}

describe('import direction', () => {
  it('keeps the core free of React, Monaco, the DOM, node:* and backends', () => {
    const files = CORE.flatMap((d) => sources(join(here, d)));
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((f) => violations(relative(here, f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('notices each kind of violation', () => {
    const text = [
      "import { readFileSync } from 'node:fs';",
      "import React from 'react';",
      "import { x } from '../../backends/memfs';",
      "const m = import('monaco-editor');",
      'const w = window.innerWidth;',
    ].join('\n');
    expect(violations('f.ts', text)).toEqual([
      'f.ts: imports node:fs',
      'f.ts: imports react',
      'f.ts: imports ../../backends/memfs',
      'f.ts: imports monaco-editor',
      'f.ts: uses window.',
    ]);
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
