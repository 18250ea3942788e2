// Read: decides what the model gets for a path. No model-facing strings here (render.ts).
import type { ToolContext } from '../types';
import { expandPath } from '../../text/paths';
import { decodeUtf8, normaliseNewlines } from '../../text/decode';
import { isFsError } from '../../workspace/types';
import type { ReadInput } from './schema';

export const DEFAULT_LIMIT = 2000;

export type ReadOutcome =
  | { kind: 'text'; path: string; inputPath: string; content: string; startLine: number; numLines: number; totalLines: number; lines: string[] }
  | { kind: 'empty'; path: string; inputPath: string }
  | { kind: 'past-end'; path: string; inputPath: string; offset: number; totalLines: number }
  | { kind: 'unchanged'; path: string; inputPath: string }
  | { kind: 'missing'; path: string; inputPath: string; cwd: string }
  | { kind: 'is-directory'; path: string; inputPath: string };

export async function read(input: ReadInput, ctx: ToolContext): Promise<ReadOutcome> {
  const { ws } = ctx;
  const path = expandPath(input.file_path, ws.info.cwd, ws.info.home);
  const base = { path, inputPath: input.file_path };
  let st;
  try {
    st = await ws.fs.stat(path);
  } catch (e) {
    if (isFsError(e, 'ENOENT')) return { ...base, kind: 'missing', cwd: ws.info.cwd };
    throw e;
  }
  if (st.type === 'dir') return { ...base, kind: 'is-directory' };
  const offset = input.offset;
  const limit = input.limit && input.limit > 0 ? input.limit : undefined;

  const prior = ctx.ledger.get(path);
  if (ctx.profile.repeatReadGuard && prior && prior.via === 'Read' && prior.offset === offset && prior.limit === limit && prior.mtimeMs === st.mtimeMs) {
    return { ...base, kind: 'unchanged' };
  }

  const text = normaliseNewlines(decodeUtf8(await ws.fs.readFile(path)));
  const all = text.split('\n');
  const start = offset === undefined ? 0 : offset === 0 ? 0 : offset - 1;
  if (text.length === 0 && offset === undefined) {
    ctx.ledger.set({ path, content: '', mtimeMs: st.mtimeMs, offset, limit, partial: false, via: 'Read', callId: ctx.callId });
    return { ...base, kind: 'empty' };
  }
  if (start >= all.length && offset !== undefined) return { ...base, kind: 'past-end', offset, totalLines: all.length };
  const lines = all.slice(start, start + (limit ?? DEFAULT_LIMIT));
  const partial = start > 0 || start + lines.length < all.length;
  ctx.ledger.set({ path, content: text, mtimeMs: st.mtimeMs, offset, limit, partial, via: 'Read', callId: ctx.callId });
  return { ...base, kind: 'text', content: lines.join('\n'), startLine: offset === 0 ? 0 : start + 1, numLines: lines.length, totalLines: all.length, lines };
}
