// The page's language backend: the TypeScript language service in a module worker, started on
// the first LSP call (src/backends/lsp/lsp.worker.ts).
import type { LanguageBackend } from '../../workspace/language';
import type { LspWorkerRequest } from './lsp.worker';

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };
type Message = LspWorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export function createWorkerLanguageBackend(): LanguageBackend {
  let worker: Worker | undefined;
  let next = 0;
  const pending = new Map<number, Pending>();
  const start = (): Worker => {
    if (worker) return worker;
    const w = new Worker(new URL('./lsp.worker.ts', import.meta.url), { type: 'module', name: 'lsp' });
    w.onmessage = (e: MessageEvent<{ id: number; result?: unknown; error?: string }>) => {
      const p = pending.get(e.data.id);
      pending.delete(e.data.id);
      if (e.data.error !== undefined) p?.reject(new Error(e.data.error));
      else p?.resolve(e.data.result);
    };
    return (worker = w);
  };
  const send = <T>(m: Message): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      start().postMessage({ ...m, id });
    });
  return {
    run: (project, request) => send({ kind: 'run', project, request }),
    diagnostics: (project, file) => send({ kind: 'diagnostics', project, file }),
  };
}
