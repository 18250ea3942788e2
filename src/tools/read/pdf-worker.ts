// Where pdf.js finds its worker script in a page. The browser entry sets it (Vite knows the
// asset's URL); Node leaves it unset and pdf.js runs without a worker there.
let workerSrc: string | undefined;

export function setPdfWorkerSrc(src: string): void {
  workerSrc = src;
}

export function pdfWorkerSrc(): string | undefined {
  return workerSrc;
}
