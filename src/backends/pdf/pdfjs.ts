// The PDF port (src/workspace/pdf.ts) over pdf.js: the legacy build runs in Node and in
// browsers; it is loaded on first use.
import type { PdfEngine } from '../../workspace/pdf';

interface PdfjsCanvas {
  toBuffer?: (mime: string) => Uint8Array;
  convertToBlob?: (o: { type: string; quality?: number }) => Promise<{ arrayBuffer(): Promise<ArrayBuffer> }>;
  /** A page's canvas element (pdf.js's factory in a document). */
  toBlob?: (
    cb: (blob: { arrayBuffer(): Promise<ArrayBuffer> } | null) => void,
    type: string,
    quality?: number,
  ) => void;
}
interface PdfjsPage {
  getViewport(o: { scale: number }): { width: number; height: number };
  render(o: { canvasContext: unknown; canvas: unknown; viewport: unknown }): { promise: Promise<void> };
}
interface PdfjsDocument {
  numPages: number;
  getPage(n: number): Promise<PdfjsPage>;
  canvasFactory: { create(w: number, h: number): { canvas: PdfjsCanvas; context: unknown } };
  loadingTask: { destroy(): Promise<void> };
}
interface Pdfjs {
  getDocument(o: { data: Uint8Array; verbosity: number }): { promise: Promise<PdfjsDocument> };
  GlobalWorkerOptions: { workerSrc: string };
}

/** Where pdf.js finds its worker script: a page gives it (the bundler knows the asset's URL);
 * Node leaves it out and pdf.js runs without a worker there. */
export interface PdfjsOptions {
  workerSrc?: string;
}

let loading: Promise<Pdfjs> | undefined;

function loadPdfjs(workerSrc: string | undefined): Promise<Pdfjs> {
  // pdf.js 6 expects Promise.withResolvers, which Node 20 lacks.
  const P = Promise as unknown as { withResolvers?: unknown };
  if (typeof P.withResolvers !== 'function') {
    P.withResolvers = () => {
      let resolve: unknown;
      let reject: unknown;
      const promise = new Promise((a, b) => {
        resolve = a;
        reject = b;
      });
      return { promise, resolve, reject };
    };
  }
  // …and ArrayBuffer.prototype.transferToFixedLength (without it, text is silently dropped and
  // the next page's render never settles). A copy is enough for pdf.js's use.
  const AB = ArrayBuffer.prototype as unknown as { transferToFixedLength?: unknown };
  if (typeof AB.transferToFixedLength !== 'function') {
    AB.transferToFixedLength = function (this: ArrayBuffer, n?: number) {
      const len = n ?? this.byteLength;
      const out = new ArrayBuffer(len);
      new Uint8Array(out).set(new Uint8Array(this, 0, Math.min(len, this.byteLength)));
      return out;
    };
  }
  loading ??= (import('pdfjs-dist/legacy/build/pdf.mjs') as unknown as Promise<Pdfjs>).then((pdfjs) => {
    if (workerSrc && !pdfjs.GlobalWorkerOptions.workerSrc) pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;
    return pdfjs;
  });
  return loading;
}

async function open(bytes: Uint8Array, workerSrc: string | undefined): Promise<PdfjsDocument> {
  const pdfjs = await loadPdfjs(workerSrc);
  // pdf.js takes ownership of the buffer it is given; hand it a copy.
  return pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
}

/** Page renders at 100 dpi (pdftoppm's exact output cannot be reproduced; see the report). */
const SCALE = 100 / 72;

export const createPdfjsEngine = ({ workerSrc }: PdfjsOptions = {}): PdfEngine => ({
  async pageCount(bytes) {
    try {
      const doc = await open(bytes, workerSrc);
      const n = doc.numPages;
      await doc.loadingTask.destroy();
      return n;
    } catch {
      return undefined;
    }
  },
  async renderJpeg(bytes, pages) {
    const doc = await open(bytes, workerSrc);
    try {
      const out: Uint8Array[] = [];
      for (const n of pages) {
        const page = await doc.getPage(n);
        const viewport = page.getViewport({ scale: SCALE });
        const { canvas, context } = doc.canvasFactory.create(
          Math.floor(viewport.width),
          Math.floor(viewport.height),
        );
        await page.render({ canvasContext: context, canvas, viewport }).promise;
        if (canvas.toBuffer) out.push(new Uint8Array(canvas.toBuffer('image/jpeg')));
        else if (canvas.convertToBlob)
          out.push(
            new Uint8Array(
              await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer(),
            ),
          );
        else if (canvas.toBlob) {
          const toBlob = canvas.toBlob.bind(canvas);
          const blob = await new Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>((resolve) =>
            toBlob(resolve, 'image/jpeg', 0.9),
          );
          if (!blob) throw new Error('the page canvas gave no image');
          out.push(new Uint8Array(await blob.arrayBuffer()));
        } else throw new Error('no canvas to render PDF pages on');
      }
      return out;
    } finally {
      await doc.loadingTask.destroy();
    }
  },
});
