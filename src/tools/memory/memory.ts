// memory_list, memory_read and memory_write over the session's stores (store.ts). Outcomes
// only; render.ts words them.
import type { ToolContext } from '../types';
import {
  byteLength,
  MEMORY_MAX_BYTES,
  MEMORY_PAGE,
  memoryStores,
  normaliseContent,
  parseVersion,
  pathProblem,
  prefixProblem,
  versionOf,
  type MemoryDoc,
} from './store';
import type { MemoryListInput, MemoryReadInput, MemoryWriteInput } from './schema';
import * as t from './texts';

export interface MemoryEntry {
  path: string;
  bytes: number;
  updatedAt: number;
}

export type MemoryOutcome =
  | { kind: 'stores' }
  | { kind: 'entries'; entries: MemoryEntry[]; remaining: number }
  | { kind: 'doc'; path: string; content: string; version: string; updatedAt: number }
  | { kind: 'wrote'; path: string; content: string; version: string; op: 'created' | 'updated' }
  | { kind: 'not_found'; path: string }
  /** memory_write with a token for a document that does not exist (mz-* probes). */
  | { kind: 'missing'; path: string }
  | { kind: 'refused'; path?: string; reason: string; message: string }
  | { kind: 'conflict'; path: string; reason: string; message: string; current?: { version: string; content: string } }
  | { kind: 'input'; text: string };

type Store = Map<string, MemoryDoc>;

function storeOf(id: string, ctx: ToolContext, path?: string): Store | MemoryOutcome {
  const stores = memoryStores(ctx.conversation);
  const store = stores.get(id);
  if (store) return store;
  return {
    kind: 'refused',
    ...(path !== undefined ? { path } : {}),
    reason: 'unknown_store',
    message: t.unknownStore(id, [...stores.keys()]),
  };
}

const isOutcome = (v: Store | MemoryOutcome): v is MemoryOutcome => !(v instanceof Map);

/** A path problem as a refusal (`path` as Claude Code reports it: made absolute). */
function refusePath(path: string, write: boolean): MemoryOutcome | undefined {
  const problem = pathProblem(path, write);
  if (problem === 'relative')
    return { kind: 'refused', path: `/${path}`, reason: 'invalid_path', message: t.relativePath(path) };
  if (problem === 'invalid') return { kind: 'refused', path, reason: 'invalid_path', message: t.invalidPath(path, write) };
  // Not recorded for memory_read: whether it refuses a .txt path of the personal store.
  if (problem === 'not-markdown' && write)
    return { kind: 'refused', path, reason: 'invalid_path', message: t.notMarkdown(path) };
  return undefined;
}

export async function memoryList(input: MemoryListInput, ctx: ToolContext): Promise<MemoryOutcome> {
  // Without a store, path_prefix and cursor are ignored: the stores are listed.
  if (input.store === undefined) return { kind: 'stores' };
  const store = storeOf(input.store, ctx);
  if (isOutcome(store)) return store;
  let dir = '/';
  if (input.path_prefix !== undefined) {
    const problem = prefixProblem(input.path_prefix);
    if (problem === 'relative')
      return { kind: 'refused', reason: 'invalid_path', message: t.relativePath(input.path_prefix) };
    if (problem) return { kind: 'refused', reason: 'invalid_path', message: t.invalidPath(input.path_prefix, false) };
    // Directory-aligned: /notes is /notes/, and /no does not cover /notes/a.md.
    dir = input.path_prefix.endsWith('/') ? input.path_prefix : `${input.path_prefix}/`;
  }
  const cursor = input.cursor;
  const all = [...store.entries()]
    .filter(([p]) => p.startsWith(dir) && (cursor === undefined || p > cursor))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, d]) => ({ path, bytes: byteLength(d.content), updatedAt: d.updatedAt }));
  return { kind: 'entries', entries: all.slice(0, MEMORY_PAGE), remaining: Math.max(0, all.length - MEMORY_PAGE) };
}

export async function memoryRead(input: MemoryReadInput, ctx: ToolContext): Promise<MemoryOutcome> {
  const store = storeOf(input.store, ctx, input.path);
  if (isOutcome(store)) return store;
  const refused = refusePath(input.path, false);
  if (refused) return refused;
  const doc = store.get(input.path);
  // Not recorded: a cap on what one read returns (43 200 bytes came back whole).
  if (!doc) return { kind: 'not_found', path: input.path };
  return { kind: 'doc', path: input.path, content: doc.content, version: versionOf(doc.content), updatedAt: doc.updatedAt };
}

export async function validateMemoryWrite(
  input: MemoryWriteInput,
  ctx: ToolContext,
): Promise<MemoryOutcome | undefined> {
  return input.if_version.length > 64
    ? { kind: 'input', text: t.ifVersionTooLong(ctx.profile.text.memoryIfVersionTooLong) }
    : undefined;
}

export async function memoryWrite(input: MemoryWriteInput, ctx: ToolContext): Promise<MemoryOutcome> {
  const { path } = input;
  const store = storeOf(input.store, ctx, path);
  if (isOutcome(store)) return store;
  const refused = refusePath(path, true);
  if (refused) return refused;
  const content = normaliseContent(input.content);
  if (content.trim() === '') return { kind: 'refused', path, reason: 'empty_content', message: t.EMPTY_CONTENT };
  const bytes = byteLength(content);
  if (bytes > MEMORY_MAX_BYTES) return { kind: 'refused', path, reason: 'too_large', message: t.tooLarge(bytes) };
  const existing = store.get(path);
  const cur = existing && { version: versionOf(existing.content), content: existing.content };
  const v = parseVersion(input.if_version);
  if (v.kind === 'bad')
    return cur
      ? { kind: 'conflict', path, reason: 'bad_version', message: t.badVersionExisting(v.given, cur.version, cur.content), current: cur }
      : { kind: 'conflict', path, reason: 'bad_version', message: t.badVersionMissing(v.given, path) };
  if (v.kind === 'new' && cur)
    return {
      kind: 'conflict',
      path,
      reason: 'version_new_on_existing',
      message: t.newOnExisting(path, cur.version, cur.content),
      current: cur,
    };
  if (v.kind === 'token') {
    if (!cur) return { kind: 'missing', path };
    if (v.token !== cur.version)
      return {
        kind: 'conflict',
        path,
        reason: 'stale_version',
        message: t.staleVersion(path, v.token, cur.version, cur.content),
        current: cur,
      };
  }
  store.set(path, { content, updatedAt: ctx.ws.clock.now() });
  return { kind: 'wrote', path, content, version: versionOf(content), op: cur ? 'updated' : 'created' };
}
