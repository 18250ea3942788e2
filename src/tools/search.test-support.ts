// A memfs workspace with ripgrep's wasm for the Glob and Grep tool tests (src/tools/glob, grep).
import { createMemfsWorkspace } from '../backends/memfs';
import { nodeRipgrepLoader } from '../backends/search/loader-node';
import { createMemfsSearch } from '../backends/search/memfs';
import { Ledger } from '../ledger/ledger';
import { DEFAULT_VERSION, getProfile } from '../profiles';
import { Session } from '../session/engine';
import { allowAll, type SessionPermissions } from '../session/permissions';
import type { AnyTool } from './types';

export const CWD = '/workspace/project';

/** Files are written in order, one minute apart (like the oracle's runner); a `{ mtime }`
 * (seconds) overrides; `null` makes a directory. */
export type Files = Record<string, string | Uint8Array | null | { text: string; mtime: number }>;

export function searchSession(
  tool: AnyTool,
  files: Files,
  env: Record<string, string> = {},
  permissions: SessionPermissions = allowAll,
) {
  const ws = createMemfsWorkspace({ search: (vol) => createMemfsSearch(vol, nodeRipgrepLoader) });
  let t = 1_700_000_000;
  for (const [rel, v] of Object.entries(files)) {
    const p = rel.startsWith('/') ? rel : `${CWD}/${rel}`;
    if (v === null) {
      ws.vol.mkdirSync(p, { recursive: true });
      continue;
    }
    ws.vol.mkdirSync(p.slice(0, p.lastIndexOf('/')), { recursive: true });
    const data = typeof v === 'string' || v instanceof Uint8Array ? v : v.text;
    ws.vol.writeFileSync(p, data);
    const mtime = typeof v === 'object' && !(v instanceof Uint8Array) ? v.mtime : t;
    ws.vol.utimesSync(p, mtime, mtime);
    t += 60;
  }
  const s = new Session({
    ws,
    profile: getProfile(DEFAULT_VERSION),
    model: 'claude-opus-5[1m]',
    tools: [tool],
    offered: new Set([tool.name]),
    withheld: {},
    permissions,
    ledger: new Ledger(),
    env,
  });
  let n = 0;
  return async (input: Record<string, unknown>) => {
    const rec = await s.runModelCall([{ id: `toolu_${n++}`, name: tool.name, input }]);
    const c = rec.calls[0]!;
    return { content: c.rendered.content, is_error: c.rendered.is_error };
  };
}

/** Denies reads under `dir` (a Read deny rule on `dir/**`), allows everything else. */
export function denyReadsUnder(dir: string): SessionPermissions {
  return {
    ...allowAll,
    decide: (req) =>
      Promise.resolve(
        req.kind === 'read' && req.paths.some((p) => p.startsWith(`${dir}/`))
          ? { behavior: 'deny', message: 'denied', reason: 'a test rule denies reads here' }
          : { behavior: 'allow', reason: 'no rule' },
      ),
  };
}
