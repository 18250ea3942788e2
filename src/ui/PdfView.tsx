// PDF pages drawn with pdf.js (loaded only when a PDF result is shown).
import { useEffect, useRef, useState } from 'react';

const MAX_PAGES = 5;

export function PdfView({ base64 }: { base64: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    let cancelled = false;
    const run = async () => {
      const [pdfjs, worker] = await Promise.all([
        import('pdfjs-dist/legacy/build/pdf.mjs'),
        import('pdfjs-dist/legacy/build/pdf.worker.mjs?url'),
      ]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const doc = await pdfjs.getDocument({ data: bytes }).promise;
      for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES) && !cancelled; n++) {
        const page = await doc.getPage(n);
        const viewport = page.getViewport({ scale: 0.8 });
        const canvas = document.createElement('canvas');
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        canvas.setAttribute('aria-label', `PDF page ${n}`);
        await page.render({ canvas, viewport }).promise;
        host.current?.appendChild(canvas);
      }
    };
    run().catch((e: unknown) => !cancelled && setProblem(e instanceof Error ? e.message : String(e)));
    return () => {
      cancelled = true;
      host.current?.replaceChildren();
    };
  }, [base64]);
  return (
    <div className="pdf-pages" ref={host}>
      {problem ? <p className="error">pdf.js could not draw this PDF: {problem}</p> : null}
    </div>
  );
}
