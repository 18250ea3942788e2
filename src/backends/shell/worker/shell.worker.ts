// Entry of the page's shell worker (bundled by Vite from `new Worker(new URL(...))`).
import { serveShell } from './serve';
import type { Port } from './protocol';

serveShell(self as unknown as Port);
