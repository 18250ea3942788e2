// A session with Read, Write, Edit and NotebookEdit over a memfs workspace, for the tests of
// these tools (src/tools/write, edit, notebook-edit). The test passes the workspace in.
import { Ledger, type LedgerEntry } from '../ledger/ledger';
import { DEFAULT_VERSION, getProfile } from '../profiles';
import { Session, type CallRecord } from './engine';
import { allowAll, type SessionPermissions } from './permissions';
import { editTool } from '../tools/edit';
import { notebookEditTool } from '../tools/notebook-edit';
import { readTool } from '../tools/read';
import type { PermissionRequest } from '../tools/types';
import type { Workspace } from '../workspace/types';
import { writeTool } from '../tools/write';

export const CWD = '/workspace/project';
export const STRICT = 'claude-opus-4-6';
export const RELAXED = 'claude-opus-5[1m]';

export interface HarnessOptions {
  model?: string;
  files?: Record<string, string | Uint8Array>;
  offered?: string[];
  /** Paths whose Read would prompt (so the relaxed rule does not apply to them). */
  promptOnRead?: string[];
  /** Claude Code version whose profile the session runs (default 2.1.273). */
  version?: string;
}

/** The synchronous memfs calls the tests use to lay files out. */
interface SyncVolume {
  mkdirSync(path: string, opts: { recursive: boolean }): unknown;
  writeFileSync(path: string, data: string | Uint8Array): void;
  readFileSync(path: string, encoding?: 'utf8'): string | Uint8Array;
  symlinkSync(target: string, path: string): void;
  chmodSync(path: string, mode: number): void;
}

export type MemfsLike = Workspace & { vol: SyncVolume; fs: { touchNow(path: string): void } };

export function harness<W extends MemfsLike>(ws: W, opts: HarnessOptions = {}) {
  for (const [p, c] of Object.entries(opts.files ?? {})) {
    const abs = p.startsWith('/') ? p : `${CWD}/${p}`;
    ws.vol.mkdirSync(abs.slice(0, abs.lastIndexOf('/')), { recursive: true });
    ws.vol.writeFileSync(abs, c);
    ws.fs.touchNow(abs);
  }
  const ledger = new Ledger();
  const prompts = new Set(opts.promptOnRead ?? []);
  const permissions: SessionPermissions = {
    ...allowAll,
    decide: (req: PermissionRequest) =>
      Promise.resolve(
        req.kind === 'read' && req.paths.some((p) => prompts.has(p))
          ? { behavior: 'ask' as const, message: 'prompt', reason: 'the test asks for this path' }
          : { behavior: 'allow' as const, reason: 'no rule' },
      ),
  };
  const offered = opts.offered ?? ['Read', 'Write', 'Edit', 'NotebookEdit'];
  const session = new Session({
    ws,
    profile: getProfile(opts.version ?? DEFAULT_VERSION),
    model: opts.model ?? RELAXED,
    tools: [readTool, writeTool, editTool, notebookEditTool],
    offered: new Set(offered),
    withheld: {},
    permissions,
    ledger,
    env: { HOME: ws.info.home },
  });
  let n = 0;
  const record = async (name: string, input: Record<string, unknown>): Promise<CallRecord> => {
    const rec = await session.runModelCall([{ id: `toolu_${n++}`, name, input }]);
    const c = rec.calls[0];
    if (!c) throw new Error('no call');
    return c;
  };
  const run = async (name: string, input: Record<string, unknown>) => {
    const c = await record(name, input);
    return { content: c.rendered.content, is_error: c.rendered.is_error, structured: c.rendered.structured };
  };
  const abs = (p: string) => (p.startsWith('/') ? p : `${CWD}/${p}`);
  return {
    ws,
    ledger,
    session,
    run,
    record,
    abs,
    text: (p: string) => ws.vol.readFileSync(abs(p), 'utf8') as string,
    bytes: (p: string) => new Uint8Array(ws.vol.readFileSync(abs(p)) as Uint8Array),
    /** An outside edit: new content and a newer mtime. */
    touch: async (p: string, content?: string) => {
      if (content !== undefined) await ws.fs.writeFile(abs(p), new TextEncoder().encode(content));
      else await ws.fs.utimes(abs(p), ws.clock.now() + 1000);
    },
    /** A ledger entry as Read would leave it. */
    seed: async (p: string, e: Partial<LedgerEntry> = {}) => {
      const path = abs(p);
      const st = await ws.fs.stat(path);
      const content =
        e.content ??
        (ws.vol.readFileSync(path, 'utf8') as string).replace(/^\uFEFF/, '').replaceAll('\r\n', '\n');
      ledger.set({
        path,
        content,
        mtimeMs: st.mtimeMs,
        partial: false,
        via: 'Read',
        callId: 'toolu_seed',
        ...e,
      });
    },
  };
}
