// What bash streams without end (`yes`, /dev/zero, /dev/urandom) in a shell whose pipes are whole
// strings: a producer must stop somewhere. It makes what the script's `head`s ask for, read from
// the script before it runs (`yes | head -c 2000000` gets its 2 MB, as in bash), and at least
// ENDLESS_BYTES.least, so a reader that stops at no count still gets an end.
import type { ScriptNode } from 'just-bash';
import { countNumber, countOptions, readCount, type CountUnit } from './counts';

export const ENDLESS_BYTES = {
  least: 1 << 20,
  /** Past this a script's count is not followed: memory for one string, 128 MiB. */
  most: 128 << 20,
} as const;

/** The devices a read of never ends in bash. */
export const ENDLESS_DEVICES: ReadonlySet<string> = new Set(['/dev/zero', '/dev/random', '/dev/urandom']);

/** Said under a result whose command ran `yes`, a seq too long to make or read an endless device. */
export const ENDLESS_NOTE =
  'In memory, `yes`, /dev/zero, /dev/urandom and a `seq` of more than 16 million lines end after 1 MiB, or after what a `head -c`/`head -n` in the command asks for (up to 128 MiB): pipes here are whole strings, not streams, so a reader that wants more than that gets less than bash gives it, and one that would read for ever gets an end. The disk backend runs real bash.';

/** `n` bytes of an endless device. */
export function endlessDeviceBytes(path: string, n: number): Uint8Array {
  const b = new Uint8Array(n);
  if (path === '/dev/zero') return b;
  for (let i = 0; i < b.length; i += 65536)
    crypto.getRandomValues(b.subarray(i, Math.min(b.length, i + 65536)));
  return b;
}

/** The largest byte and line counts the script's `head`s ask for. */
export type EndlessDemand = Record<CountUnit, number>;

/** A word's text when it has no expansion in it, else undefined. */
function literal(word: unknown): string | undefined {
  const parts = (word as { parts?: unknown[] } | null)?.parts;
  if (!Array.isArray(parts)) return undefined;
  let text = '';
  for (const p of parts as { type: string; value?: string; parts?: unknown[] }[]) {
    if (p.type === 'Literal' || p.type === 'SingleQuoted' || p.type === 'Escaped') text += p.value ?? '';
    else if (p.type === 'DoubleQuoted') {
      const inner = literal(p);
      if (inner === undefined) return undefined;
      text += inner;
    } else return undefined;
  }
  return text;
}

/** Every simple command in the script, however nested (pipelines, lists, loops, substitutions). */
function* simpleCommands(node: unknown): Generator<{ name: unknown; args: unknown[] }> {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) yield* simpleCommands(n);
    return;
  }
  const n = node as { type?: string; name?: unknown; args?: unknown[] };
  if (n.type === 'SimpleCommand' && Array.isArray(n.args)) yield { name: n.name, args: n.args };
  for (const v of Object.values(n)) yield* simpleCommands(v);
}

export function endlessDemand(script: ScriptNode): EndlessDemand {
  const demand: EndlessDemand = { bytes: 0, lines: 0 };
  for (const c of simpleCommands(script)) {
    if (literal(c.name)?.split('/').pop() !== 'head') continue;
    const args = c.args.map(literal);
    if (args.some((a) => a === undefined)) continue;
    const options = countOptions(args as string[]);
    const last = options.at(-1);
    if (last === undefined) {
      demand.lines = Math.max(demand.lines, 10);
      continue;
    }
    const read = readCount('head', last);
    // `head -n -N` reads to the end: no count bounds it.
    if ('refusal' in read || read.sign === '-') continue;
    demand[read.unit] = Math.max(demand[read.unit], countNumber(read.value));
  }
  return demand;
}

/** How many bytes an endless producer makes for a script asking `demand`; `lineBytes` is the
 * length of the producer's line (`yes`), when it has lines. */
export function endlessBytes(demand: EndlessDemand, lineBytes?: number): number {
  const asked = Math.max(demand.bytes, lineBytes === undefined ? 0 : demand.lines * lineBytes);
  return Math.min(ENDLESS_BYTES.most, Math.max(ENDLESS_BYTES.least, asked));
}
