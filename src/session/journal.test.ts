import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../backends/memfs';
import { createJustBashShell } from '../backends/shell/justbash';
import { BLANK_SCENARIO, PlaygroundSession, type ComposedCall } from '../drivers/composer';
import type { FileEntry } from '../workspace/types';
import { JournalTree, journalFor } from './journal';
import { snapshotFiles } from './tree';

const P = '/workspace/project';
const mk = () => createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock) });
const bash = (command: string): ComposedCall => ({ name: 'Bash', input: { command } });
const write = (file: string, content: string): ComposedCall => ({
  name: 'Write',
  input: { file_path: `${P}/${file}`, content },
});

/** A tree as a sorted plain object, so two trees compare whole. */
function plain(t: ReadonlyMap<string, FileEntry> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of [...(t?.keys() ?? [])].sort()) {
    const v = t?.get(p);
    out[p] = v instanceof Uint8Array ? `bytes:${Buffer.from(v).toString('base64')}` : `symlink:${v?.symlink}`;
  }
  return out;
}

describe('copy-on-write history', () => {
  it('reconstructs the whole tree before and after every model call, after later calls changed it', async () => {
    const s = await PlaygroundSession.open(mk, 'journal', { ...BLANK_SCENARIO, mode: 'bypassPermissions' });
    const root = s.ws.info.root;
    const steps: { edit?: [string, string]; calls: ComposedCall[] }[] = [
      {
        edit: ['keep.txt', 'never touched\n'],
        calls: [write('a.txt', 'one\n'), write('dir/b.txt', 'bee\n')],
      },
      {
        calls: [
          bash(
            `printf '\\000\\001\\377binary' > ${P}/bin.dat && mkdir -p ${P}/dir/sub && echo c > ${P}/dir/sub/c.txt`,
          ),
        ],
      },
      { edit: ['a.txt', 'outside\n'], calls: [bash(`mv ${P}/dir ${P}/moved && mv ${P}/a.txt ${P}/A.txt`)] },
      {
        calls: [
          bash(`rm -rf ${P}/moved/sub && ln -s A.txt ${P}/link && printf '\\377\\376x' >> ${P}/bin.dat`),
        ],
      },
      {
        calls: [
          bash(
            `rm ${P}/bin.dat && mv ${P}/link ${P}/link2 && cp -r ${P}/moved ${P}/copy && echo again > ${P}/A.txt`,
          ),
        ],
      },
      { calls: [write('moved/b.txt', 'bee\n')] },
    ];
    const expected: { before: Record<string, string>; after: Record<string, string> }[] = [];
    for (const step of steps) {
      if (step.edit) await s.outsideEdit(...step.edit);
      const before = plain(await snapshotFiles(s.ws.fs, root));
      const rec = await s.run(step.calls);
      expect(rec.calls.map((c) => [c.stage, c.rendered.is_error ?? false])).toEqual(
        step.calls.map(() => ['call', false]),
      );
      expected.push({ before, after: plain(await snapshotFiles(s.ws.fs, root)) });
    }
    expect(s.history.map((r) => ({ before: plain(r.filesBefore), after: plain(r.files) }))).toEqual(expected);
    expect(s.history.every((r) => r.files instanceof JournalTree)).toBe(true);
    // Each call names its changes without reading the files nobody touched: the same paths as
    // a comparison of the two whole copies.
    const diff = (x: Record<string, string>, y: Record<string, string>) =>
      [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((p) => x[p] !== y[p]).sort();
    expect(
      s.history.map((r) => (r.files as JournalTree).changedAgainst(r.filesBefore as JournalTree)?.sort()),
    ).toEqual(expected.map((e) => diff(e.before, e.after)));
    expect(expected.map((e) => diff(e.before, e.after).length)).toEqual([2, 2, 6, 3, 4, 0]);
  });

  it('holds only what changed: one edited file of a large tree costs its own bytes', async () => {
    const ws = mk();
    const big = new Uint8Array(64 * 1024).fill(97);
    for (let i = 0; i < 200; i++) ws.vol.mkdirSync(`${P}/d${i % 10}`, { recursive: true });
    for (let i = 0; i < 200; i++) ws.vol.writeFileSync(`${P}/d${i % 10}/f${i}.txt`, big);
    const changes = ws.changes;
    if (!changes) throw new Error('memfs offers a change feed');
    const j = journalFor(changes, ws.info.root);
    const first = j.checkpoint();
    for (let k = 0; k < 10; k++) {
      await ws.fs.writeFile(`${P}/d0/f0.txt`, new TextEncoder().encode(`edit ${k}\n`));
      j.checkpoint();
    }
    // The pre-image of the one file, and ten small versions of it.
    expect(j.heldBytes()).toEqual(64 * 1024 + 10 * 7);
    expect(new TextDecoder().decode(j.treeAt(first).get(`${P}/d0/f0.txt`) as Uint8Array)).toEqual(
      'a'.repeat(64 * 1024),
    );
    expect(j.treeAt(first).size).toEqual(200);
  });
});
