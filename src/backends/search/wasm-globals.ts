// Adds an export for every global a wasm module defines, so a host can read and reset them.
// run.ts reuses one ripgrep instance across runs by restoring its memory and globals to their
// state right after instantiation; ripgrep's module exports neither its stack pointer nor its
// other globals. The rest of the module is copied byte for byte.

const SECTION_IMPORT = 2;
const SECTION_GLOBAL = 6;
const SECTION_EXPORT = 7;
const KIND_GLOBAL = 3;

/** The name under which the i-th defined global (imports not counted) is exported. */
export const globalExportName = (i: number): string => `__cc_global_${i}`;

function readU32(b: Uint8Array, at: number): [number, number] {
  let v = 0;
  let shift = 0;
  for (;;) {
    const x = b[at++];
    if (x === undefined) throw new Error('wasm: truncated LEB128');
    v += (x & 0x7f) * 2 ** shift;
    shift += 7;
    if (x < 0x80) return [v, at];
  }
}

function u32(v: number): number[] {
  const out: number[] = [];
  do {
    let x = v & 0x7f;
    v = Math.floor(v / 128);
    if (v) x |= 0x80;
    out.push(x);
  } while (v);
  return out;
}

const enc = new TextEncoder();

/** The number of globals a module imports (they come first in the global index space). */
function importedGlobals(b: Uint8Array, start: number): number {
  let [count, at] = readU32(b, start);
  let globals = 0;
  for (; count > 0; count--) {
    let len: number;
    [len, at] = readU32(b, at);
    at += len;
    [len, at] = readU32(b, at);
    at += len;
    const kind = b[at++];
    if (kind === 0) [, at] = readU32(b, at);
    else if (kind === 1) {
      at++;
      const flags = b[at++]!;
      [, at] = readU32(b, at);
      if (flags & 1) [, at] = readU32(b, at);
    } else if (kind === 2) {
      const flags = b[at++]!;
      [, at] = readU32(b, at);
      if (flags & 1) [, at] = readU32(b, at);
    } else if (kind === KIND_GLOBAL) {
      at += 2;
      globals++;
    } else throw new Error(`wasm: unknown import kind ${kind}`);
  }
  return globals;
}

/** The module with one more export per defined global; unchanged if it defines none. */
export function exportGlobals(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  let at = 8;
  let imported = 0;
  let defined = 0;
  let exportSection: { start: number; end: number; body: number } | null = null;
  while (at < bytes.length) {
    const id = bytes[at]!;
    const [size, body] = readU32(bytes, at + 1);
    if (id === SECTION_IMPORT) imported = importedGlobals(bytes, body);
    if (id === SECTION_GLOBAL) defined = readU32(bytes, body)[0];
    if (id === SECTION_EXPORT) exportSection = { start: at, end: body + size, body };
    at = body + size;
  }
  if (defined === 0) return new Uint8Array(bytes) as Uint8Array<ArrayBuffer>;
  const added: number[] = [];
  for (let i = 0; i < defined; i++) {
    const name = enc.encode(globalExportName(i));
    added.push(...u32(name.length), ...name, KIND_GLOBAL, ...u32(imported + i));
  }
  // A module run as a WASI command exports at least its memory and _start.
  if (!exportSection) throw new Error('wasm: no export section');
  const [count, first] = readU32(bytes, exportSection.body);
  const entries = bytes.subarray(first, exportSection.end);
  const { start, end } = exportSection;
  const countBytes = u32(count + defined);
  const bodyLen = countBytes.length + entries.length + added.length;
  const section = [SECTION_EXPORT, ...u32(bodyLen), ...countBytes];
  const out = new Uint8Array(start + section.length + entries.length + added.length + (bytes.length - end));
  out.set(bytes.subarray(0, start), 0);
  let o = start;
  out.set(section, o);
  o += section.length;
  out.set(entries, o);
  o += entries.length;
  out.set(added, o);
  o += added.length;
  out.set(bytes.subarray(end), o);
  return out as Uint8Array<ArrayBuffer>;
}
