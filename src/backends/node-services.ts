// The ports the Node entries (the CLI, the unit tests) add to every workspace they build: the
// TypeScript language service in the calling thread, libvips for images, pdf.js without a worker.
import type { WorkspaceServices } from '../workspace/types';
import { createVipsCodec } from './image/vips';
import { createInProcessLanguageBackend } from './lsp/in-process';
import { createPdfjsEngine } from './pdf/pdfjs';

/** Each part loads on its first use (TypeScript on the first LSP call, wasm-vips on the first
 * image to re-encode); keep one per process so they load once. */
export function createNodeServices(): WorkspaceServices {
  return { language: createInProcessLanguageBackend(), images: createVipsCodec(), pdf: createPdfjsEngine() };
}
