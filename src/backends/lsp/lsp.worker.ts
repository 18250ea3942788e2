// Entry of the page's language worker (bundled by Vite from `new Worker(new URL(...))`): the
// TypeScript language service with the lib files an ES2020 program with the DOM reads, loaded
// when the first LSP call starts the worker, so the page's main bundle carries none of it.
import ts from 'typescript';
import { typescriptBackend } from './typescript-service';
import type { LspProject, LspRequest } from '../../workspace/language';

const libs = import.meta.glob<string>('../../../node_modules/typescript/lib/lib.*.d.ts', {
  query: '?raw',
  import: 'default',
});
const WANTED = /\/lib\.(es5|es201[5-9][.a-z]*|es2020[.a-z]*|dom[.a-z]*|decorators[.a-z]*|scripthost|webworker\.importscripts)\.d\.ts$/;

const texts = new Map<string, string>();
const ready = Promise.all(
  Object.entries(libs)
    .filter(([path]) => WANTED.test(path))
    .map(async ([path, load]) => texts.set(path.slice(path.lastIndexOf('/') + 1), await load())),
);
const backend = typescriptBackend(ts, (name) => texts.get(name));

export type LspWorkerRequest =
  | { id: number; kind: 'run'; project: LspProject; request: LspRequest }
  | { id: number; kind: 'diagnostics'; project: LspProject; file: string };

self.onmessage = async (e: MessageEvent<LspWorkerRequest>) => {
  const m = e.data;
  try {
    await ready;
    const result = m.kind === 'run' ? await backend.run(m.project, m.request) : await backend.diagnostics(m.project, m.file);
    self.postMessage({ id: m.id, result });
  } catch (err) {
    self.postMessage({ id: m.id, error: String(err) });
  }
};
