// Every way around a deny rule is marked. Command forms are generated (command x spelling of the
// denied file x wrapper), run through the session engine in bypassPermissions on memfs and on
// disk, and decided in every mode: a decision that is not a refusal must carry a bypass mark
// whenever the form reaches the denied file — by construction (the generator knows which
// spellings name it) or as seen (the file's secret in the output, the file changed or gone).
// A form given a harmless file must carry no mark.
import { describe, expect, it } from 'vitest';
import { createWorkspace } from '../cli/backends';
import { decide } from '../permissions';
import type { Mode } from '../permissions';
import { ALL_TOOLS } from '../tools/registry';
import type { Workspace } from '../workspace/types';
import { replayScenario } from './replay';
import { createPermissions, permissionContext } from './wiring';
import type { Scenario } from '../scenario/schema';

const SECRET = 'TOPSECRET42';
const FILES = {
  'foo.txt': `${SECRET}\nline two\n`,
  'bar.txt': 'harmless\n',
  'other.txt': 'other\n',
  'ln.txt': { symlink: 'foo.txt' },
};
const MODES: Mode[] = ['default', 'acceptEdits', 'bypassPermissions', 'plan', 'dontAsk'];

/** Spellings of the denied file, and a harmless one (`reaches: false`). */
const SPELLINGS = [
  { f: 'foo.txt', reaches: true },
  { f: './foo.txt', reaches: true },
  { f: 'ln.txt', reaches: true },
  { f: '/proc/self/cwd/foo.txt', reaches: true },
  { f: '"$PWD/foo.txt"', reaches: true },
  { f: 'sub/../foo.txt', reaches: true },
  { f: 'bar.txt', reaches: false },
];

type Template = (f: string) => string;

/** Templates that put the file name inside a quoted script (`sed -n 'w F'`): a `$PWD` there is
 * not expanded, so that spelling names another file. */
const QUOTED = new Set<Template>();
const quoted = (t: Template): Template => (QUOTED.add(t), t);

const READS: Template[] = [
  (f) => `cat ${f}`,
  (f) => `head -n 5 ${f}`,
  (f) => `tail ${f}`,
  (f) => `fold ${f}`,
  (f) => `xxd ${f}`,
  (f) => `dd if=${f}`,
  (f) => `iconv -f utf-8 -t utf-8 ${f}`,
  (f) => `perl -ne print ${f}`,
  (f) => `awk 1 ${f}`,
  (f) => `sed -n p ${f}`,
  (f) => `xargs cat <<< ${f}`,
  (f) => `echo ${f} | xargs cat`,
  (f) => `xargs -a ${f} echo`,
  (f) => `sh ${f}`,
  (f) => `source ${f}`,
  (f) => `. ${f.startsWith('/') || f.startsWith('.') || f.startsWith('"') ? f : `./${f}`}`,
  (f) => `cp ${f} copy.out && cat copy.out`,
  (f) => `tar cf - ${f}`,
  (f) => `base64 ${f}`,
  (f) => `rev ${f}`,
  (f) => `cat < ${f}`,
  (f) => `ln -s ${f} l2 && cat l2`,
];
const READS_FIXED = [
  'git grep TOP',
  'git log -p',
  'git show HEAD',
  'git archive HEAD | tar xO',
  'tar cf - .',
  'ls | xargs cat',
  'find . -name foo.txt -exec cat {} \\;',
  'cp -r . ../x && cat ../x/foo.txt',
  'eval cat foo.txt',
];

const WRITES: Template[] = [
  (f) => `echo X > ${f}`,
  (f) => `echo X >> ${f}`,
  (f) => `tee ${f} <<< X`,
  (f) => `sed -i s/TOP/X/ ${f}`,
  (f) => `perl -pi -e s/TOP/X/ ${f}`,
  quoted((f) => `sed -n 'w ${f}' other.txt`),
  quoted((f) => `awk '{print > "${f.replace(/"/g, '')}"}' other.txt`),
  (f) => `dd if=other.txt of=${f}`,
  (f) => `cp other.txt ${f}`,
  (f) => `mv other.txt ${f}`,
  (f) => `rm ${f}`,
  (f) => `truncate -s 0 ${f}`,
  (f) => `xxd other.txt ${f}`,
  (f) => `unlink ${f}`,
  (f) => `echo ${f} | xargs rm`,
  (f) => `xargs rm <<< ${f}`,
  (f) => `echo ${f} | xargs -I{} sh -c 'echo X > {}'`,
  (f) => `git rm -q ${f}`,
  (f) => `chmod 644 ${f}`,
  (f) => `eval 'echo X > ${f}'`,
];
const WRITES_FIXED = [
  'find . -name foo.txt -delete',
  "find . -name foo.txt -exec sh -c 'echo X > {}' \\;",
  'ls | xargs rm',
  'git checkout HEAD -- . && echo X > foo.txt',
];

const WRAPPERS: ((c: string) => string)[] = [
  (c) => c,
  (c) => `timeout 5 ${c}`,
  (c) => `eval ${shellQuote(c)}`,
  (c) => `bash -c ${shellQuote(c)}`,
];

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

interface Form {
  command: string;
  /** The form that runs it without the wrapper (whose run is the ground truth). */
  bare: string;
  /** 'named': the rule names the path the form reaches, though it is not foo.txt (`./foo.txt`
   * covers `$PWD/foo.txt` as a literal folder name too); marked or not, both are right. */
  reaches: boolean | 'named';
}

function forms(templates: Template[], fixed: string[]): Form[] {
  const bare = [
    ...templates.flatMap((t) =>
      SPELLINGS.map((s) => ({
        bare: t(s.f),
        reaches: QUOTED.has(t) && s.f.includes('$') ? ('named' as const) : s.reaches,
      })),
    ),
    ...fixed.map((c) => ({ bare: c, reaches: true })),
  ];
  return WRAPPERS.flatMap((w) => bare.map((b) => ({ ...b, command: w(b.bare) })));
}

const KINDS = [
  { kind: 'Read', rule: 'Read(./foo.txt)', forms: forms(READS, READS_FIXED) },
  { kind: 'Edit', rule: 'Edit(./foo.txt)', forms: forms(WRITES, WRITES_FIXED) },
] as const;

const scenario = (rule: string, command: string | undefined): Scenario => ({
  id: 'bypass-form',
  area: 'permissions',
  description: 'a command form against a deny rule',
  version: '2.1.332',
  mode: 'bypassPermissions',
  // Only forms that use git get a repository: making one is most of a run's time.
  ...(command === undefined || command.includes('git') ? { git: true, git_commit: true } : {}),
  settings: { permissions: { deny: [rule] } },
  files: { ...FILES, 'sub/keep.txt': 'k\n' },
  turns: command === undefined ? [] : [[{ name: 'Bash', input: { command } }]],
});

type Decided = Record<string, { behavior: string; marked: boolean }>;

/** Every form decided in every mode, in one workspace laid out as each form's run starts. */
async function decideAll(backend: 'memfs' | 'disk', rule: string, all: readonly Form[]): Promise<Decided[]> {
  const ws: Workspace = createWorkspace(backend);
  const s = scenario(rule, undefined);
  const out: Decided[] = [];
  try {
    await replayScenario(ws, s, 'bypass-form', {
      tools: ALL_TOOLS,
      permissions: async (setup) => {
        const contexts = MODES.map((mode) =>
          permissionContext({ ...setup, scenario: { ...setup.scenario, mode }, mode }),
        );
        for (const form of all) {
          const decided: Decided = {};
          for (const ctx of contexts) {
            const d = await decide(
              { tool: 'Bash', kind: 'bash', paths: [], command: form.command, input: {} },
              ctx,
            );
            decided[ctx.mode] = { behavior: d.behavior, marked: d.bypass !== undefined };
          }
          out.push(decided);
        }
        return createPermissions(setup);
      },
    });
    return out;
  } finally {
    await ws.dispose();
  }
}

/** Runs a bare form through the session engine in bypassPermissions: did it reach foo.txt? */
async function reached(backend: 'memfs' | 'disk', rule: string, command: string): Promise<boolean> {
  const ws: Workspace = createWorkspace(backend);
  const s = scenario(rule, command);
  try {
    const replay = await replayScenario(ws, s, 'bypass-form', {
      tools: ALL_TOOLS,
      permissions: createPermissions,
    });
    const out = JSON.stringify(replay.result.turns.flatMap((t) => t.calls.map((c) => c.content)));
    if (rule.startsWith('Read')) return out.includes(SECRET);
    const after = await ws.fs.readFile(`${ws.info.cwd}/foo.txt`).catch(() => null);
    return after === null || new TextDecoder().decode(after) !== FILES['foo.txt'];
  } finally {
    await ws.dispose();
  }
}

describe.each(['memfs', 'disk'] as const)('bypass marks on %s', (backend) => {
  it.each(KINDS)(
    '$kind deny: every form that reaches the denied file is refused or marked, in every mode',
    async ({ rule, forms: all }) => {
      expect(all.length).toBeGreaterThanOrEqual(150);
      const decided = await decideAll(backend, rule, all);
      const seen = new Map<string, boolean>();
      for (const form of all)
        if (form.command === form.bare) seen.set(form.bare, await reached(backend, rule, form.bare));
      const unmarked: string[] = [];
      const falseMarks: string[] = [];
      all.forEach((form, k) => {
        const observed = seen.get(form.bare) ?? false;
        for (const [mode, d] of Object.entries(decided[k] ?? {})) {
          if (d.behavior === 'deny') continue;
          if ((form.reaches === true || observed) && !d.marked) unmarked.push(`${mode}: ${form.command}`);
          if (form.reaches === false && !observed && d.marked) falseMarks.push(`${mode}: ${form.command}`);
        }
      });
      expect({ unmarked, falseMarks }).toEqual({ unmarked: [], falseMarks: [] });
    },
    600_000,
  );
});
