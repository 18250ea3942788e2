// A worker thread running one of the CLI's .ts files.
import { Worker, type ResourceLimits } from 'node:worker_threads';

/** A worker thread does not inherit tsx's loader: it registers it before loading the file. */
export function tsThread(entry: URL, resourceLimits?: ResourceLimits, workerData?: unknown): Worker {
  const boot = `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, resourceLimits, workerData });
}
