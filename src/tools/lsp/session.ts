// The language servers of a session and what they know. A code-intelligence plugin declares
// servers (`lspServers`: command, args, extensionToLanguage); the binary offers the LSP tool
// only when one does (lsp-no-plugin: "LSP is disabled for this session"), starts a server at
// the first LSP call, opens each file a call names, and once the server runs sends it every
// file an edit changes (lsp-diagnostics-after-edit: a Write of a file no call named reports too;
// without an LSP call first, edits report nothing). Here the session keeps the files the server
// has opened and the texts it last saw.
import type { Conversation } from '../types';
import { isFsError, type Vfs } from '../../workspace/types';

/** Conversation.state key of the servers the session's plugins declare (LspServer[]). */
export const LSP_SERVERS_KEY = 'lsp.servers';
const STATE_KEY = 'lsp.state';

export interface LspServer {
  /** As the binary names it: `plugin:<plugin>:<server>`. */
  name: string;
  /** File extension (with the dot) -> language id. */
  extensions: Record<string, string>;
}

/** The part of a plugin manifest this build reads. */
interface Manifest {
  lspServers?: Record<string, { extensionToLanguage?: Record<string, string> }>;
}

/** The code-intelligence plugin the corpus was recorded with (lsp-*): typescript-language-server
 * for TypeScript and JavaScript. The page's session setting adds it. */
export const TYPESCRIPT_PLUGIN = {
  'ts-lsp': {
    version: '0.0.1',
    description: 'TypeScript and JavaScript code intelligence',
    lspServers: {
      typescript: {
        command: 'typescript-language-server',
        args: ['--stdio'],
        extensionToLanguage: { '.ts': 'typescript', '.tsx': 'typescriptreact', '.js': 'javascript', '.jsx': 'javascriptreact' },
      },
    },
  },
};

/** The servers a scenario's `plugins` ({name: manifest}) declare. */
export function serversOf(plugins: Record<string, unknown> | undefined): LspServer[] {
  const out: LspServer[] = [];
  for (const [plugin, manifest] of Object.entries(plugins ?? {})) {
    const servers = (manifest as Manifest | null)?.lspServers;
    if (typeof servers !== 'object' || servers === null) continue;
    for (const [name, s] of Object.entries(servers))
      out.push({ name: `plugin:${plugin}:${name}`, extensions: { ...(s.extensionToLanguage ?? {}) } });
  }
  return out;
}

export const sessionServers = (c: Conversation): LspServer[] =>
  (c.state.get(LSP_SERVERS_KEY) as LspServer[] | undefined) ?? [];

/** The extension the binary looks a server up by: from the last dot of the file name (none: ""). */
export function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot);
}

export function serverFor(c: Conversation, path: string): LspServer | undefined {
  const ext = extensionOf(path);
  return sessionServers(c).find((s) => Object.hasOwn(s.extensions, ext));
}

export interface LspState {
  /** The server has started (the first LSP call that reached it). */
  started: boolean;
  /** Files the server has open, with the text it last got. */
  synced: Map<string, string>;
  /** Files opened since the last model call ended (their diagnostics are reported). */
  justOpened: Set<string>;
  /** The served files' texts when the last model call ended (what an edit is measured against). */
  seen: Map<string, string> | undefined;
  /** The diagnostics message waiting for the next model call. */
  pending: string | undefined;
}

export function lspState(c: Conversation): LspState {
  let s = c.state.get(STATE_KEY) as LspState | undefined;
  if (!s) {
    s = { started: false, synced: new Map(), justOpened: new Set(), seen: undefined, pending: undefined };
    c.state.set(STATE_KEY, s);
  }
  return s;
}

const SKIP = new Set(['node_modules', '.git']);

/** Every file under `dir` a session server takes, absolute path -> text (node_modules and .git
 * left out: NOT RECORDED how far the real server reads them). */
export async function servedFiles(fs: Vfs, dir: string, c: Conversation): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const decoder = new TextDecoder();
  const walk = async (d: string): Promise<void> => {
    let names: string[];
    try {
      names = await fs.readdir(d);
    } catch (e) {
      if (isFsError(e)) return;
      throw e;
    }
    for (const n of names) {
      if (SKIP.has(n)) continue;
      const p = d === '/' ? `/${n}` : `${d}/${n}`;
      const st = await fs.lstat(p).catch(() => undefined);
      if (!st) continue;
      if (st.type === 'dir') await walk(p);
      else if (st.type === 'file' && serverFor(c, p)) out.set(p, decoder.decode(await fs.readFile(p)));
    }
  };
  await walk(dir);
  return out;
}
