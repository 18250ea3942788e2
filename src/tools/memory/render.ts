// Memory outcome -> exactly what Claude Code sends the model, and its stream-json result.
import type { Rendered } from '../types';
import { byteLength, MEMORY_INDEX } from './store';
import type { MemoryOutcome } from './memory';
import * as t from './texts';

const iso = (ms: number) => new Date(ms).toISOString();

export function renderMemory(o: MemoryOutcome): Rendered {
  switch (o.kind) {
    case 'stores':
      return {
        content: t.storesListing(),
        is_error: false,
        structured: {
          outcome: 'ok',
          stores: [{ id: 'personal', description: t.PERSONAL_DESCRIPTION, writable: true, index: MEMORY_INDEX }],
        },
      };
    case 'entries':
      return {
        content: o.entries.length === 0 ? t.EMPTY_LISTING : t.listing(o.entries, o.remaining),
        is_error: false,
        structured: {
          outcome: 'ok',
          store_kind: 'personal',
          entries: o.entries.map((e) => ({ path: e.path, bytes: e.bytes, updatedAt: iso(e.updatedAt) })),
          remaining: o.remaining,
        },
      };
    case 'doc':
      return {
        content: t.readText(o.content, o.version, o.updatedAt),
        is_error: false,
        structured: {
          outcome: 'ok',
          path: o.path,
          store_kind: 'personal',
          content: o.content,
          updatedAt: iso(o.updatedAt),
          version: o.version,
        },
      };
    case 'wrote': {
      const bytes = byteLength(o.content);
      return {
        content: t.wroteText(bytes, o.version),
        is_error: false,
        structured: { outcome: 'ok', path: o.path, version: o.version, bytes, content: o.content, op: o.op, store_kind: 'personal' },
      };
    }
    case 'not_found':
      return { content: t.NOT_FOUND, is_error: true, structured: { outcome: 'not_found', path: o.path } };
    case 'missing':
      return {
        content: t.missingForWrite(o.path),
        is_error: true,
        structured: { outcome: 'missing', path: o.path, reason: 'not_found', store_kind: 'personal' },
      };
    case 'refused':
      return {
        content: o.message,
        is_error: true,
        structured: { outcome: 'refused', ...(o.path !== undefined ? { path: o.path } : {}), reason: o.reason, message: o.message },
      };
    case 'conflict':
      return {
        content: o.message,
        is_error: true,
        structured: {
          outcome: 'conflict',
          path: o.path,
          ...(o.current ? { currentVersion: o.current.version, currentContent: o.current.content } : {}),
          reason: o.reason,
          message: o.message,
        },
      };
    case 'input':
      return { content: `<tool_use_error>${o.text}</tool_use_error>`, is_error: true, structured: o.text };
  }
}
