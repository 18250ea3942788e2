// Lays a scenario out in a workspace the way the oracle's runner does: files with deterministic
// mtimes (1700000000 + 60 s x declaration order unless given), home files, settings files,
// trust, git.
import { dirname, resolve } from 'pathe';
import type { Workspace } from '../workspace/types';
import { ScenarioError, type FileSpec, type Scenario } from './schema';
import { BASE_MTIME } from './times';

export { BASE_MTIME };

const utf8 = new TextEncoder();

function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function utf16leBytes(s: string, bom: boolean): Uint8Array {
  const out = new Uint8Array((bom ? 2 : 0) + s.length * 2);
  let o = 0;
  if (bom) {
    out[o++] = 0xff;
    out[o++] = 0xfe;
  }
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[o++] = c & 0xff;
    out[o++] = c >> 8;
  }
  return out;
}

/** The bytes a file spec stands for (the oracle's fileBytes). */
export function fileSpecBytes(spec: FileSpec | { text: string; crlf?: boolean; bom?: boolean }): Uint8Array {
  if (typeof spec === 'string') return utf8.encode(spec);
  if ('base64' in spec) return base64ToBytes(spec.base64);
  if ('utf16le' in spec) return utf16leBytes(spec.utf16le, spec.bom !== false);
  let text = '';
  if ('text' in spec) text = spec.text;
  else if ('lines' in spec) {
    const { count, template = 'line {n}', width } = spec.lines;
    const eol = spec.eol ?? '\n';
    const parts: string[] = [];
    for (let n = 1; n <= count; n++) {
      let l = template.replaceAll('{n}', String(n));
      if (width) l = l.padEnd(width, 'x');
      parts.push(l);
    }
    text = parts.join(eol) + (spec.trailingNewline === false ? '' : eol);
  } else if ('repeat' in spec) text = spec.repeat.repeat(spec.count ?? 1);
  if ('crlf' in spec && spec.crlf) text = text.replace(/\r?\n/g, '\r\n');
  if ('bom' in spec && spec.bom) text = '\ufeff' + text;
  return utf8.encode(text);
}

export function resolveMtime(spec: number | string | undefined, fallback: number, nowSec: number): number {
  if (spec === undefined) return fallback;
  if (typeof spec === 'number') return spec;
  if (/^[+-]\d+(\.\d+)?$/.test(spec)) return fallback + Number(spec);
  if (spec === 'now') return nowSec;
  if (/^now[+-]\d+$/.test(spec)) return nowSec + Number(spec.slice(3));
  return fallback;
}

export interface Placeholders {
  CWD: string;
  ROOT: string;
  HOME: string;
  TMP: string;
}

export function placeholders(ws: Workspace): Placeholders {
  return { CWD: ws.info.cwd, ROOT: ws.info.root, HOME: ws.info.home, TMP: ws.info.tmp };
}

/** $CWD, $ROOT, $HOME, $TMP in strings, arrays and object keys and values. */
export function substitute<T>(v: T, p: Placeholders): T {
  if (typeof v === 'string') return v.replace(/\$(CWD|ROOT|HOME|TMP)(?![A-Za-z0-9_])/g, (_, k: keyof Placeholders) => p[k]) as T;
  if (Array.isArray(v)) return v.map((x: unknown) => substitute(x, p)) as T;
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [substitute(k, p), substitute(x, p)])) as T;
  return v;
}

const inside = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

/** Where a path named by a scenario (a file, a home file, a runner action's path) lands, if inside
 * the scenario's root. The oracle's `../x` lands beside project/, in the root: that is allowed. */
function landing(rel: string, base: 'cwd' | 'home', p: Placeholders): string | null {
  const abs = resolve(base === 'cwd' ? p.CWD : p.HOME, substitute(rel, p));
  // The workspace's own folders are not files a scenario may replace.
  if ([p.ROOT, p.CWD, p.HOME, p.TMP].includes(abs)) return null;
  return inside(abs, p.ROOT) ? abs : null;
}

const OUTSIDE = 'lands outside the workspace or on one of its own folders (only paths inside its root are laid out)';
const NUL_BYTE = 'holds a NUL byte, which no file name can';

/** Every path a scenario names that would land outside its root, as schema-like issues; checked on
 * an imaginary root before a link, an import or a scenario file is used. */
export function scenarioPathIssues(s: Scenario): { path: string; message: string }[] {
  const p: Placeholders = { ROOT: '/root', CWD: '/root/project', HOME: '/root/home', TMP: '/root/tmp' };
  const issues: { path: string; message: string }[] = [];
  const check = (rel: string, base: 'cwd' | 'home', where: string) => {
    if (rel.includes('\0')) issues.push({ path: where, message: NUL_BYTE });
    else if (landing(rel, base, p) === null) issues.push({ path: where, message: OUTSIDE });
  };
  for (const rel of Object.keys(s.files ?? {})) check(rel, 'cwd', `files[${JSON.stringify(rel)}]`);
  for (const rel of Object.keys(s.home_files ?? {})) check(rel, 'home', `home_files[${JSON.stringify(rel)}]`);
  s.turns.forEach((turn, t) =>
    turn.forEach((item, i) => {
      for (const key of ['touch', 'append', 'delete'] as const)
        if (key in item) check((item as Record<typeof key, string>)[key], 'cwd', `turns[${t}][${i}].${key}`);
    }),
  );
  return issues;
}

/** How many links a path may pass through before it is refused (Linux's own limit, ELOOP). */
const MAX_LINK_HOPS = 40;

/** A scenario path as laid out in `ws`; throws, naming it, when it would land outside the root,
 * directly or through a symlink laid out before it: the path itself when it is a link (writing
 * through it follows the whole chain, to a missing target too), else its nearest existing folder.
 * `follow: false` for an action that acts on the link itself (deleting it). */
export async function confinedPath(ws: Workspace, rel: string, base: 'cwd' | 'home', follow = true): Promise<string> {
  const p = placeholders(ws);
  const abs = landing(rel, base, p);
  const refuse = (message = OUTSIDE) =>
    new ScenarioError(`scenario path ${JSON.stringify(rel)} ${message}`, [{ path: JSON.stringify(rel), message }]);
  if (rel.includes('\0')) throw refuse(NUL_BYTE);
  if (abs === null) throw refuse();
  const root = await ws.fs.realpath(ws.info.root);
  let target = abs;
  for (let hop = 0; follow; hop++) {
    const st = await ws.fs.lstat(target).catch(() => null);
    if (st?.type !== 'symlink') break;
    if (hop === MAX_LINK_HOPS) throw refuse();
    target = resolve(dirname(target), await ws.fs.readlink(target));
  }
  for (let path = follow ? target : dirname(abs); ; path = dirname(path)) {
    let real: string;
    try {
      real = await ws.fs.realpath(path);
    } catch {
      if (path === '/') throw refuse();
      continue;
    }
    if (!inside(real, root)) throw refuse();
    return abs;
  }
}

async function materialise(ws: Workspace, abs: string, spec: FileSpec, mtimeSec: number, p: Placeholders): Promise<void> {
  await ws.fs.mkdir(dirname(abs), { recursive: true });
  if (typeof spec === 'object' && 'symlink' in spec) {
    await ws.fs.symlink(substitute(spec.symlink, p), abs);
    return;
  }
  if (typeof spec === 'object' && 'dir' in spec) {
    await ws.fs.mkdir(abs, { recursive: true });
    await ws.fs.utimes(abs, mtimeSec * 1000);
    return;
  }
  if (typeof spec === 'object' && 'fifo' in spec) {
    await ws.fs.mkfifo(abs);
    return;
  }
  const s = typeof spec === 'object' && 'text' in spec && spec.substitute ? { ...spec, text: substitute(spec.text, p) } : spec;
  await ws.fs.writeFile(abs, fileSpecBytes(s));
  if (typeof spec === 'object' && 'mode' in spec && spec.mode) await ws.fs.chmod(abs, parseInt(spec.mode, 8));
  await ws.fs.utimes(abs, mtimeSec * 1000);
}

export interface SetupReport {
  /** Things the backend could not lay out (for example a FIFO on memfs). */
  problems: string[];
  /** The setup commit's id when its tree holds the workspace's own absolute path (settings
   * rules naming $CWD, a substituted file or link target): the oracle's root is a fresh temp
   * folder each run, so that commit's id differs from run to run and cannot be reproduced. */
  unstableCommit?: string;
}

/** Does any file, or link target, under dir (its .git aside) contain `needle`? */
async function treeMentions(ws: Workspace, dir: string, needle: string): Promise<boolean> {
  const bytes = utf8.encode(needle);
  const has = (b: Uint8Array) => {
    outer: for (let i = 0; i + bytes.length <= b.length; i++) {
      for (let k = 0; k < bytes.length; k++) if (b[i + k] !== bytes[k]) continue outer;
      return true;
    }
    return false;
  };
  for (const name of await ws.fs.readdir(dir).catch(() => [] as string[])) {
    if (name === '.git') continue;
    const f = `${dir}/${name}`;
    const st = await ws.fs.lstat(f);
    if (st.type === 'symlink' ? (await ws.fs.readlink(f)).includes(needle) : st.type === 'dir' ? await treeMentions(ws, f, needle) : st.type === 'file' && has(await ws.fs.readFile(f)))
      return true;
  }
  return false;
}

export async function setupWorkspace(ws: Workspace, scen: Scenario): Promise<SetupReport> {
  const p = placeholders(ws);
  const problems: string[] = [];
  const nowSec = ws.clock.now() / 1000;
  const git = async (cmd: string) => {
    const r = await ws.shell.run(cmd, { cwd: ws.info.cwd, env: gitEnv(ws.info.home), timeoutMs: 30000 });
    if (r.exitCode !== 0) problems.push(`git setup: ${cmd}: ${r.stderr.trim()}`);
  };
  if (scen.git) await git('git init -q -b main');
  let i = 0;
  for (const [rel, spec] of Object.entries(scen.files ?? {})) {
    const m = resolveMtime(typeof spec === 'object' ? spec.mtime : undefined, BASE_MTIME + 60 * i++, nowSec);
    const abs = await confinedPath(ws, rel, 'cwd');
    try {
      await materialise(ws, abs, spec, m, p);
    } catch (e) {
      problems.push(`${rel}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  for (const [rel, spec] of Object.entries(scen.home_files ?? {})) {
    await materialise(ws, await confinedPath(ws, rel, 'home'), spec, BASE_MTIME, p);
  }
  const writeJson = async (abs: string, obj: unknown) => {
    await ws.fs.mkdir(dirname(abs), { recursive: true });
    await ws.fs.writeFile(abs, utf8.encode(JSON.stringify(substitute(obj, p), null, 2)));
  };
  if (scen.settings) await writeJson(`${ws.info.cwd}/.claude/settings.json`, scen.settings);
  if (scen.settings_local) await writeJson(`${ws.info.cwd}/.claude/settings.local.json`, scen.settings_local);
  if (scen.trust) await writeJson(`${ws.info.home}/.claude.json`, { projects: { [ws.info.cwd]: { hasTrustDialogAccepted: true } } });
  if (scen.user_settings) await writeJson(`${ws.info.home}/.claude/settings.json`, scen.user_settings);
  let unstableCommit: string | undefined;
  if (scen.git && scen.git_commit !== false) {
    await git('git add -A && git commit -q -m init');
    if (await treeMentions(ws, ws.info.cwd, ws.info.root)) {
      const r = await ws.shell.run('git rev-parse HEAD', { cwd: ws.info.cwd, env: gitEnv(ws.info.home), timeoutMs: 30000 });
      if (r.exitCode === 0) unstableCommit = r.stdout.trim();
    }
  }
  return unstableCommit === undefined ? { problems } : { problems, unstableCommit };
}

export function gitEnv(home: string): Record<string, string> {
  return {
    HOME: home,
    GIT_AUTHOR_NAME: 'oracle',
    GIT_AUTHOR_EMAIL: 'oracle@example.invalid',
    GIT_COMMITTER_NAME: 'oracle',
    GIT_COMMITTER_EMAIL: 'oracle@example.invalid',
    GIT_AUTHOR_DATE: '2023-11-14T22:13:20Z',
    GIT_COMMITTER_DATE: '2023-11-14T22:13:20Z',
  };
}
