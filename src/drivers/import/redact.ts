// Secrets in an imported Claude Code session, found by pattern and masked before the session is
// stored (autosave) or shared (link, issue, export). One table of patterns; each match keeps a
// short prefix that says what it was (`sk-ant-`, `AKIA`) and the rest becomes `*`, one for one,
// so lengths, line counts and byte counts in recorded results stay what the replay computes.
// A value once found is masked wherever it appears in the session (a key read from .env and
// echoed by Bash), when it is long enough (LITERAL_MIN) not to hit ordinary words.

export type SecretKind =
  | 'private-key'
  | 'anthropic-key'
  | 'openai-key'
  | 'aws-access-key'
  | 'github-token'
  | 'bearer-token'
  | 'env-secret'
  | 'email';

export interface SecretPattern {
  kind: SecretKind;
  label: string;
  /** Global (and, where lines matter, multiline); the first capture group that matched is the
   * secret, or the whole match when there is none. */
  re: RegExp;
  /** The secret -> its masked form (same length). */
  mask: (secret: string) => string;
}

/** Every character but line breaks becomes `*` after the first `keep`. */
export const starAfter = (keep: number) => (s: string) => s.slice(0, keep) + s.slice(keep).replace(/[^\r\n]/g, '*');

/** `jane.doe@mail.example.com` -> `j*******@****.*******.com`: the first letter and the top-level domain stay. */
export function maskEmail(s: string): string {
  const at = s.lastIndexOf('@');
  const local = s.slice(0, at);
  const labels = s.slice(at + 1).split('.');
  const tld = labels.pop() ?? '';
  return `${starAfter(1)(local)}@${[...labels.map((l) => '*'.repeat(l.length)), tld].join('.')}`;
}

const ENV_NAME = '[A-Za-z0-9_.-]*(?:PASSWORD|PASSWD|PWD|SECRET|TOKEN|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?)[A-Za-z0-9_.-]*';

/** In order: an earlier pattern wins where two match the same text (a key inside a Bearer header
 * is an Anthropic key). */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    kind: 'private-key',
    label: 'private key block',
    // The body between the armour lines; the lines themselves say what it was.
    re: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----\r?\n([\s\S]+?)\r?\n-----END [A-Z0-9 ]*PRIVATE KEY-----/g,
    mask: starAfter(0),
  },
  { kind: 'anthropic-key', label: 'Anthropic API key', re: /\bsk-ant-[A-Za-z0-9_-]{8,}/g, mask: starAfter(7) },
  { kind: 'openai-key', label: 'API key (sk-…)', re: /\bsk-(?!ant-)[A-Za-z0-9_-]{20,}/g, mask: starAfter(3) },
  { kind: 'aws-access-key', label: 'AWS access key id', re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, mask: starAfter(4) },
  {
    kind: 'github-token',
    label: 'GitHub token',
    re: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})/g,
    mask: (s) => starAfter(s.startsWith('github_pat_') ? 11 : 4)(s),
  },
  { kind: 'bearer-token', label: 'bearer token', re: /\bbearer[ \t]+([A-Za-z0-9._~+/-]{16,}=*)/gi, mask: starAfter(0) },
  {
    kind: 'env-secret',
    label: 'password or secret in an env line',
    // A line of an env file, also as Read numbers it (`12\t` or `    12→`).
    re: new RegExp(
      `^[ \\t]*(?:\\d+(?:\\t|\\u2192))?[ \\t]*(?:export[ \\t]+)?${ENV_NAME}[ \\t]*=[ \\t]*(?:"([^"\\r\\n]{4,})"|'([^'\\r\\n]{4,})'|([^\\s"'#]{4,}))`,
      'gim',
    ),
    mask: starAfter(0),
  },
  // Git remotes (git@host:owner/repo, ssh://git@host/...) name a login, not a person's address.
  { kind: 'email', label: 'e-mail address', re: /(?<!:\/\/)\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b(?!:[^\s@]*\/)/g, mask: maskEmail },
];

/** A value found by pattern is also masked where it appears without its context, from this length on. */
export const LITERAL_MIN = 8;

export interface SecretFinding {
  /** Stable within one scan: the order of first appearance. */
  id: number;
  kind: SecretKind;
  label: string;
  /** The secret as masked (never shown unmasked). */
  masked: string;
  /** Where it appears: paths into the session (`files["$CWD/.env"]`, `turns[0][1].input.command`). */
  places: string[];
  /** The first place's text around it, every finding there masked, line breaks as ⏎. */
  excerpt: string;
}

interface Found {
  kind: SecretKind;
  value: string;
}
interface Range {
  start: number;
  end: number;
  value: string;
}

function patternMatches(s: string): (Range & { kind: SecretKind })[] {
  const out: (Range & { kind: SecretKind })[] = [];
  for (const p of SECRET_PATTERNS) {
    for (const m of s.matchAll(p.re)) {
      const gi = m.findIndex((g, i) => i > 0 && g !== undefined);
      const value = gi > 0 ? (m[gi] as string) : m[0];
      const start = (m.index ?? 0) + (gi > 0 ? m[0].indexOf(value) : 0);
      out.push({ kind: p.kind, value, start, end: start + value.length });
    }
  }
  return out;
}

/** Non-overlapping: the earliest start wins, then the longer, then the earlier pattern. */
function resolve<T extends Range>(all: T[]): T[] {
  const sorted = all
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.start - b.r.start || b.r.end - a.r.end || a.i - b.i)
    .map((x) => x.r);
  const out: T[] = [];
  for (const r of sorted) if (!out.length || r.start >= (out[out.length - 1] as T).end) out.push(r);
  return out;
}

const KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const step = (path: string, k: string | number) =>
  typeof k === 'number' ? `${path}[${k}]` : KEY.test(k) ? (path ? `${path}.${k}` : k) : `${path}[${JSON.stringify(k)}]`;

/** Every string in a JSON value with its path; `base64` fields are bytes, not text, and are left alone. */
function* strings(v: unknown, path = ''): Generator<[string, string]> {
  if (typeof v === 'string') yield [path, v];
  else if (Array.isArray(v)) for (let i = 0; i < v.length; i++) yield* strings(v[i], step(path, i));
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) if (k !== 'base64') yield* strings(x, step(path, k));
}

function mapStrings<T>(v: T, f: (s: string) => string): T {
  if (typeof v === 'string') return f(v) as T;
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f)) as T;
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'base64' ? x : mapStrings(x, f)])) as T;
  return v;
}

/** The scan's state: the values found by pattern, and how each string's ranges resolve. */
class Scan {
  readonly byValue = new Map<string, Found>();
  constructor(root: unknown) {
    for (const [, s] of strings(root))
      for (const m of patternMatches(s)) if (!this.byValue.has(m.value)) this.byValue.set(m.value, { kind: m.kind, value: m.value });
  }
  ranges(s: string): Range[] {
    const all: Range[] = patternMatches(s);
    for (const value of this.byValue.keys()) {
      if (value.length < LITERAL_MIN) continue;
      for (let i = s.indexOf(value); i >= 0; i = s.indexOf(value, i + 1)) all.push({ start: i, end: i + value.length, value });
    }
    return resolve(all);
  }
  maskOf(value: string): string {
    const f = this.byValue.get(value);
    const p = SECRET_PATTERNS.find((x) => x.kind === f?.kind);
    return p ? p.mask(value) : value;
  }
  apply(s: string, keep: (value: string) => boolean): string {
    let out = '';
    let at = 0;
    for (const r of this.ranges(s)) {
      if (keep(r.value)) continue;
      out += s.slice(at, r.start) + this.maskOf(r.value);
      at = r.end;
    }
    return out + s.slice(at);
  }
}

const EXCERPT_CONTEXT = 24;

/** Every secret in `root` (an imported scenario), in order of first appearance. */
export function findSecrets(root: unknown): SecretFinding[] {
  const scan = new Scan(root);
  const out = new Map<string, SecretFinding>();
  for (const [path, s] of strings(root)) {
    for (const r of scan.ranges(s)) {
      const seen = out.get(r.value);
      if (seen) {
        if (!seen.places.includes(path)) seen.places.push(path);
        continue;
      }
      const f = scan.byValue.get(r.value) as Found;
      const masked = scan.apply(s, () => false);
      const from = Math.max(0, r.start - EXCERPT_CONTEXT);
      const to = Math.min(s.length, r.end + EXCERPT_CONTEXT);
      out.set(r.value, {
        id: out.size,
        kind: f.kind,
        label: SECRET_PATTERNS.find((p) => p.kind === f.kind)?.label ?? f.kind,
        masked: scan.maskOf(r.value),
        places: [path],
        excerpt: `${from > 0 ? '…' : ''}${masked.slice(from, to).replace(/\r?\n/g, '⏎')}${to < s.length ? '…' : ''}`,
      });
    }
  }
  return [...out.values()];
}

/** `root` with every finding masked but those whose id is in `unmasked` (the person unticked them). */
export function redactSecrets<T>(root: T, unmasked: ReadonlySet<number> = new Set()): T {
  const scan = new Scan(root);
  const kept = new Set(findSecrets(root).filter((f) => unmasked.has(f.id)).map((f) => f.id));
  const ids = new Map<string, number>();
  // Ids follow first appearance, as findSecrets numbers them.
  for (const [, s] of strings(root)) for (const r of scan.ranges(s)) if (!ids.has(r.value)) ids.set(r.value, ids.size);
  return mapStrings(root, (s) => scan.apply(s, (v) => kept.has(ids.get(v) ?? -1)));
}
