// The session's memory stores (memory_list, memory_read, memory_write). Claude Code keeps the
// `personal` store as files under ~/.claude/projects/<project>/memory; the playground keeps it
// in the conversation, seeded from the scenario's `memory` field. Rules recorded from 2.1.332
// (md-discover probes of issue 16).
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';
import type { Conversation } from '../types';

export const MEMORY_KEY = 'memory.stores';
/** A document is capped at this many UTF-8 bytes (102 401 refused). */
export const MEMORY_MAX_BYTES = 102_400;
/** memory_list gives this many entries a call (117 documents: 50, then a cursor). */
export const MEMORY_PAGE = 50;
export const MEMORY_INDEX = '/MEMORY.md';

export interface MemoryDoc {
  content: string;
  /** Milliseconds since the epoch. */
  updatedAt: number;
}

/** Store id -> path -> stored text (only the `personal` store was recorded). */
export type MemoryStores = Map<string, Map<string, MemoryDoc>>;

const enc = new TextEncoder();
export const byteLength = (s: string): number => enc.encode(s).length;

/** The first 12 hex digits of the content's SHA-256 (`hello\n` -> 5891b5b522d5). */
export const versionOf = (content: string): string => bytesToHex(sha256(enc.encode(content))).slice(0, 12);

/** As stored: CRLF and CR become LF, format characters (zero-width space, soft hyphen…) go,
 * other control characters except newline and tab become U+FFFD (`\u0007` recorded; tab and
 * the C1 range not). */
export function normaliseContent(content: string): string {
  return content
    .replace(/\r\n?/g, '\n')
    .replace(/\p{Cf}/gu, '')
    .replace(/[^\P{Cc}\n\t]/gu, '\uFFFD');
}

/** The stores of the conversation, made from the seed the first time. */
export function memoryStores(conversation: Conversation): MemoryStores {
  const have = conversation.state.get(MEMORY_KEY) as MemoryStores | undefined;
  if (have) return have;
  const stores: MemoryStores = new Map([['personal', new Map()]]);
  conversation.state.set(MEMORY_KEY, stores);
  return stores;
}

/** Seeds the stores (the scenario's `memory`), documents dated `now`. */
export function seedMemory(
  conversation: Conversation,
  seed: Readonly<Record<string, Readonly<Record<string, string>>>>,
  now: number,
): void {
  const stores = memoryStores(conversation);
  for (const [id, docs] of Object.entries(seed)) {
    const store = stores.get(id) ?? new Map<string, MemoryDoc>();
    for (const [path, content] of Object.entries(docs))
      store.set(path, { content: normaliseContent(content), updatedAt: now });
    stores.set(id, store);
  }
}

const RESERVED = ['skills', 'commands', 'agents', 'hooks'];
const EXTENSIONS = ['.md', '.txt', '.json', '.jsonl'];

export type PathProblem = 'relative' | 'invalid' | 'not-markdown';

/** What is wrong with a document path, if anything. `write`: reserved folders count
 * (skills recorded; commands, agents, hooks named by the refusal itself). */
export function pathProblem(path: string, write: boolean): PathProblem | undefined {
  if (!path.startsWith('/')) return 'relative';
  const segments = path.slice(1).split('/');
  const file = segments.pop() ?? '';
  if (
    byteLength(path) > 1024 ||
    /[\p{Cc}\\]/u.test(path) ||
    segments.some((s) => s === '' || s.startsWith('.') || (write && RESERVED.includes(s))) ||
    file.startsWith('.') ||
    !EXTENSIONS.some((e) => file.length > e.length && file.endsWith(e))
  )
    return 'invalid';
  if (!file.endsWith('.md')) return 'not-markdown';
  return undefined;
}

/** A path_prefix: absolute, folder segments not starting with "."; undefined when fine. */
export function prefixProblem(prefix: string): PathProblem | undefined {
  if (!prefix.startsWith('/')) return 'relative';
  if (prefix.slice(1).split('/').some((s) => s.startsWith('.')) || /[\p{Cc}\\]/u.test(prefix)) return 'invalid';
  return undefined;
}

export type VersionArg = { kind: 'new' } | { kind: 'token'; token: string } | { kind: 'bad'; given: string };

/** `new` in any case, or empty, ends trimmed; else a 12-hex-digit token, any case. */
export function parseVersion(ifVersion: string): VersionArg {
  const t = ifVersion.trim().toLowerCase();
  if (t === '' || t === 'new') return { kind: 'new' };
  if (/^[0-9a-f]{12}$/.test(t)) return { kind: 'token', token: t };
  return { kind: 'bad', given: ifVersion };
}

/** `YYYY-MM-DD` of a time, UTC. */
export const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
