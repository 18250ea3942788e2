// Monaco and pdf.js are loaded the first time one of these is shown. Until then (and in unit
// tests) the fallback shows the same text plainly. The fallback and an editor not yet mounted say
// so (data-editor-loading, data-mounted=false): the signal the e2e tests wait for.
import { lazy, Suspense } from 'react';
import type { CodeEditorProps, DiffProps } from './monaco/Editors';

const LazyCode = lazy(async () => ({ default: (await import('./monaco/Editors')).CodeEditor }));
const LazyDiff = lazy(async () => ({ default: (await import('./monaco/Editors')).Diff }));
const LazyPdf = lazy(async () => ({ default: (await import('./PdfView')).PdfView }));

export function CodeEditor(p: CodeEditorProps) {
  return (
    <Suspense
      fallback={
        <pre tabIndex={0} className="model-text" data-editor-loading>
          {p.value}
        </pre>
      }
    >
      <LazyCode {...p} />
    </Suspense>
  );
}

export function Diff(p: DiffProps) {
  return (
    <Suspense
      fallback={
        <p className="muted" data-editor-loading>
          Loading the diff editor…
        </p>
      }
    >
      <LazyDiff {...p} />
    </Suspense>
  );
}

export function Pdf({ base64 }: { base64: string }) {
  return (
    <Suspense
      fallback={
        <p className="muted" data-editor-loading>
          Loading pdf.js…
        </p>
      }
    >
      <LazyPdf base64={base64} />
    </Suspense>
  );
}
