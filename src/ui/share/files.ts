// Reading and offering files in the page: downloads through a Blob URL, uploads capped before
// they are read, clipboard with a fallback.

export function download(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export type ReadOutcome = { ok: true; text: string } | { ok: false; message: string };

export async function readTextFile(file: File, maxBytes: number): Promise<ReadOutcome> {
  if (file.size > maxBytes)
    return {
      ok: false,
      message: `${file.name} is ${file.size.toLocaleString('en-US')} bytes; the limit is ${maxBytes.toLocaleString('en-US')}.`,
    };
  try {
    return { ok: true, text: await file.text() };
  } catch (e) {
    return {
      ok: false,
      message: `${file.name} could not be read: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
}

/** Puts text on the clipboard; false when the browser refuses (the caller shows the text instead). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export const fileNameFor = (id: string | undefined) =>
  `${(id ?? 'scenario').replace(/[^A-Za-z0-9._-]/g, '_')}.scenario.json`;
