// The oracle's normalisation (run.mjs, Normaliser), so our results compare with recorded ones:
// workspace paths -> $CWD/$HOME/$TMP/$ROOT, ids -> placeholders, long strings -> hashes.
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';
import { bytesToLatin1 } from '../text/bytes';
import { escapeRegExp } from '../text/regexp';

export const LONG = 60000;
const VOLATILE_KEYS =
  /^(durationMs|totalDurationMs|duration_ms|duration_api_ms|durationSeconds|elapsedTimeSeconds|elapsedMs|timestamp|mtime|mtimeMs|startTime|endTime|startedAt|endedAt|total_cost_usd|costUSD|ttftMs)$/;

const enc = new TextEncoder();
export const sha256Hex = (s: string | Uint8Array): string =>
  bytesToHex(sha256(typeof s === 'string' ? enc.encode(s) : s));

export interface NormaliserPaths {
  cwd: string;
  home: string;
  tmp: string;
  root: string;
}

export class Normaliser {
  private readonly uuids = new Map<string, string>();
  private readonly taskIds = new Map<string, string>();
  private readonly worktrees = new Map<string, string>();
  private readonly cellIds = new Map<string, string>();
  private readonly runIds = new Map<string, string>();
  /** Each workspace path, longest first, matched only where a path name ends there: the memfs
   * root `/workspace` must not rewrite `.idea/workspace.xml`. */
  private readonly subs: [RegExp, string][];

  constructor(p: NormaliserPaths) {
    const san = (s: string) => s.replace(/[^a-zA-Z0-9]/g, '-');
    const subs: [string, string][] = [
      [p.cwd, '$CWD'],
      [p.home, '$HOME'],
      [p.tmp, '$TMP'],
      [p.root, '$ROOT'],
      [san(p.cwd), '$CWD_SANITIZED'],
      [san(p.root), '$ROOT_SANITIZED'],
    ];
    this.subs = subs
      .sort((a, b) => b[0].length - a[0].length)
      .map(([a, b]) => [new RegExp(`${escapeRegExp(a)}(?![A-Za-z0-9_-]|\\.[A-Za-z0-9_.-])`, 'g'), b]);
  }

  learn(v: unknown): void {
    if (typeof v === 'string') {
      for (const m of v.matchAll(/Inserted cell ([A-Za-z0-9_-]+) with/g)) {
        const id = m[1] as string;
        if (!this.cellIds.has(id)) this.cellIds.set(id, `<cell-id-${this.cellIds.size + 1}>`);
      }
      const res = [
        /\bagentId: ([a-z0-9]{12,24})\b/g,
        /\bScheduled (?:recurring job|one-shot task) ([0-9a-f]{8})\b/g,
        /\bsession is ([A-Za-z0-9_]+-[0-9a-f]{2}) \[/g,
        /\bsession is [A-Za-z0-9_<>-]+ \[([0-9a-f]{6})\]/g,
        /tasks\/([A-Za-z0-9_-]+)\.output/g,
        /tool-results\/([A-Za-z0-9_-]+)\.txt/g,
        /\bID: ([a-z0-9]{6,12})\b/g,
        /\(ID: ([a-z0-9]{6,12})\)/g,
        /"(?:backgroundTaskId|taskId|task_id|shellId|bash_id|agentId|agent_id)":\s*"([A-Za-z0-9_-]+)"/g,
      ];
      for (const re of res) {
        for (const m of v.matchAll(re)) {
          const id = m[1] as string;
          if (!/^toolu_(oracle|agent)_/.test(id) && !this.taskIds.has(id))
            this.taskIds.set(id, `<task-${this.taskIds.size + 1}>`);
        }
      }
    } else if (Array.isArray(v)) v.forEach((x) => this.learn(x));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (
          /^(backgroundTaskId|taskId|task_id|shellId|bash_id|backgroundedByUser|persistedOutputPath)$/.test(
            k,
          ) &&
          typeof x === 'string'
        ) {
          const m = x.match(/([A-Za-z0-9_-]+)(?:\.(?:txt|output))?$/);
          const id = m?.[1];
          if (
            id &&
            !/^toolu_(oracle|agent)_/.test(id) &&
            !this.taskIds.has(id) &&
            k !== 'persistedOutputPath'
          )
            this.taskIds.set(id, `<task-${this.taskIds.size + 1}>`);
        }
        this.learn(x);
      }
    }
  }

  str(input: string): string {
    let s = input;
    for (const [a, b] of this.subs) s = s.replace(a, () => b);
    s = s.replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, (u) => {
      const k = u.toLowerCase();
      if (!this.uuids.has(k)) this.uuids.set(k, `<uuid-${this.uuids.size + 1}>`);
      return this.uuids.get(k) as string;
    });
    for (const [id, ph] of this.cellIds)
      s = s.replace(new RegExp(`(?<![A-Za-z0-9_-])${escapeRegExp(id)}(?![A-Za-z0-9_-])`, 'g'), ph);
    for (const [id, ph] of this.taskIds)
      s = s.replace(new RegExp(`(?<![A-Za-z0-9_-])${escapeRegExp(id)}(?![A-Za-z0-9_-])`, 'g'), ph);
    s = s.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>');
    // an isolated subagent's worktree (.claude/worktrees/agent-<id>), as the oracle names it
    s = s.replace(/(worktrees\/agent-)([a-z0-9]{12,24})\b/g, (_m, p: string, id: string) => {
      if (!this.worktrees.has(id)) this.worktrees.set(id, `<worktree-${this.worktrees.size + 1}>`);
      return p + (this.worktrees.get(id) as string);
    });
    // a subagent's wall time (the Agent tool's usage block and completion notification)
    s = s
      .replace(/\bduration_ms: \d+/g, 'duration_ms: <n>')
      .replace(/<duration_ms>\d+<\/duration_ms>/g, '<duration_ms><n></duration_ms>');
    s = s.replace(/\bwf_[0-9a-f]{8}-[0-9a-f]{3}\b/g, (w) => {
      if (!this.runIds.has(w)) this.runIds.set(w, `<wf-run-${this.runIds.size + 1}>`);
      return this.runIds.get(w) as string;
    });
    s = s.replace(/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})\b/g, '<iso-time>');
    // WebFetch's saved binary content: webfetch-<epoch ms>-<6 random chars>.<ext>
    s = s.replace(/\bwebfetch-\d{10,}-[a-z0-9]{6}\b/g, 'webfetch-<time>-<id>');
    return s;
  }

  value(v: unknown, key?: string): unknown {
    if (typeof v === 'string') {
      if ((key === 'data' || key === 'base64') && v.length >= 200)
        return `<base64 len=${v.length} sha256=${sha256Hex(v).slice(0, 16)}>`;
      const s = this.str(v);
      if (s.length > LONG)
        return {
          $long: true,
          length: s.length,
          sha256: sha256Hex(s),
          head: s.slice(0, 3000),
          tail: s.slice(-1000),
        };
      return s;
    }
    if (typeof v === 'number' && key && VOLATILE_KEYS.test(key)) return '<n>';
    if (Array.isArray(v)) return v.map((x) => this.value(x));
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v).flatMap(([k, x]) => (x === undefined ? [] : [[k, this.value(x, k)]])),
      );
    return v;
  }
}

/** How the oracle records a file's bytes. */
export function describeBytes(buf: Uint8Array): unknown {
  let text: string | null = null;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buf);
  } catch {
    text = null;
  }
  if (buf.length > 20000) {
    const o: Record<string, unknown> = { bytes: buf.length, sha256: sha256Hex(buf) };
    if (text !== null) o.head = text.slice(0, 200);
    return o;
  }
  if (text !== null && !text.includes('\u0000')) return text;
  return { base64: bytesToBase64(buf) };
}

export function bytesToBase64(buf: Uint8Array): string {
  return btoa(bytesToLatin1(buf));
}
