import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createWorkspace } from '../../cli/backends';
import { parseScenario } from '../../scenario/schema';
import { replayScenario } from '../../session/replay';
import { createPermissions } from '../../session/wiring';
import { compareCalls } from '../../share/diverge';
import { ALL_TOOLS } from '../../tools/registry';
import {
  importClaudeSession,
  parseNumbered,
  withSuppliedFiles,
  type ImportedSession,
} from './claude-session';

const fixture = (name: string) => readFileSync(`${import.meta.dirname}/fixtures/${name}`, 'utf8');
const load = (name: string): ImportedSession => {
  const r = importClaudeSession(fixture(name));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};
const replay = async (s: ImportedSession['scenario']) => {
  const scenario = parseScenario(s);
  const { result } = await replayScenario(createWorkspace('memfs'), scenario, scenario.id ?? 'x', {
    tools: ALL_TOOLS,
    permissions: createPermissions,
  });
  return compareCalls(scenario.expect!, result).map(
    (c) => `${c.id} ${c.tool} ${c.same ? 'same' : 'DIFFERS'}`,
  );
};

describe('untrusted lines', () => {
  it('skips a line nested 100,000 deep and one with a __proto__ key, and imports the rest', () => {
    const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const proto = '{"type":"user","__proto__":{"isSidechain":true}}';
    const r = importClaudeSession(`${fixture('real-2.1.273-oracle-session.jsonl')}\n${deep}\n${proto}\n`);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect([r.value.session.lines, r.value.session.badLines, r.value.notes]).toEqual([
      40,
      2,
      ['2 line(s) were not JSON objects and were skipped.'],
    ]);
  });
});

describe('a real 2.1.273 transcript (recorded with the oracle, --keep)', () => {
  const imp = load('real-2.1.273-oracle-session.jsonl');

  it('rebuilds what the transcript shows and lists the rest', () => {
    expect(imp.scenario.files).toEqual({
      'src/config.ts': 'export const config = {\n  retries: 3,\n  timeoutMs: 5000,\n};\n',
      'src/client.ts':
        "import { config } from './config';\n\nexport function retries(): number {\n  return config.retries;\n}\n",
    });
    expect(imp.reconstructed).toEqual([
      { path: 'src/config.ts', from: 'Read', caveat: 'line endings as Read shows them (LF)' },
      { path: 'src/client.ts', from: 'Edit', caveat: 'line endings as the tool reports them (LF)' },
    ]);
    expect(imp.unknown).toEqual([
      { path: 'notes.txt', reason: 'only lines 2 of 3 were read' },
      { path: 'README.md', reason: 'named in a Bash command' },
    ]);
    expect(imp.session).toEqual({
      sessionId: '3f3618db-3ef1-4346-bb15-58e0a8f984a0',
      cwd: '/tmp/orc-tPDO4L/project',
      version: '2.1.273',
      model: 'claude-opus-5[1m]',
      lines: 40,
      badLines: 0,
    });
    expect(imp.notes).toEqual([]);
  });

  it('turns tool_use blocks into turns with $CWD paths, one turn per assistant message', () => {
    const original = parseScenario(JSON.parse(fixture('real-2.1.273-oracle-session.scenario.json')));
    const strip = (input: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(input).filter(([k]) => k !== 'replace_all'));
    expect(
      imp.scenario.turns.map((t) =>
        t.map((c) => ('name' in c ? { name: c.name, input: strip(c.input) } : c)),
      ),
    ).toEqual(original.turns);
  });

  it('shows where the playground and the recorded session diverge, and agrees once the unknown files are supplied', async () => {
    expect(await replay(imp.scenario)).toEqual([
      'toolu_oracle_0_0 Glob same',
      'toolu_oracle_0_1 Grep same',
      'toolu_oracle_1_0 Read same',
      'toolu_oracle_1_1 Read DIFFERS',
      'toolu_oracle_2_0 Edit same',
      'toolu_oracle_3_0 Edit same',
      'toolu_oracle_4_0 Write same',
      'toolu_oracle_4_1 Bash DIFFERS',
      'toolu_oracle_5_0 Read same',
      'toolu_oracle_5_1 Edit same',
    ]);
    const supplied = withSuppliedFiles(imp.scenario, {
      'notes.txt': { text: 'line one\nline two\n', crlf: true },
      'README.md': '# demo\n',
    });
    expect((await replay(supplied)).filter((l) => l.endsWith('DIFFERS'))).toEqual([]);
  });
});

describe('parseNumbered', () => {
  it('reads both numbering styles', () => {
    expect(parseNumbered('1\ta\n2\t')).toEqual([
      [1, 'a'],
      [2, ''],
    ]);
    expect(parseNumbered('     1\u2192a\n     2\u2192b')).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(parseNumbered('not numbered')).toEqual(null);
  });
});

describe('bad transcripts', () => {
  it('says what is wrong', () => {
    expect(importClaudeSession('')).toEqual({ ok: false, error: { code: 'empty' } });
    expect(importClaudeSession('{"type":"user","message":{"role":"user","content":"hi"}}')).toEqual({
      ok: false,
      error: { code: 'no-cwd' },
    });
    expect(
      importClaudeSession('{"type":"user","cwd":"/p","message":{"role":"user","content":"hi"}}'),
    ).toEqual({ ok: false, error: { code: 'no-tool-calls' } });
  });
});

describe('an interactive transcript from an older version (hand-built in the 2.0 shapes)', () => {
  const imp = load('interactive-2.0.14-session.jsonl');

  it('rebuilds files from numbered Reads and originalFile, places HOME, leaves out what cannot replay', () => {
    const { scenario, ...rest } = imp;
    expect(rest).toEqual({
      reconstructed: [
        { path: 'src/paginate.js', from: 'Read', caveat: 'rebuilt from the numbered Read output' },
        {
          path: '~/.npmrc',
          from: 'Read',
          caveat:
            'line endings as Read shows them (LF); read after a Bash command ran, which may have changed it',
        },
      ],
      unknown: [{ path: 'test/paginate.test.js', reason: 'named in a Bash command' }],
      skipped: { TodoWrite: 1 },
      notes: [
        '1 subagent (sidechain) line(s) were left out; files a subagent changed will show as divergences.',
        '1 call(s) turned down at a permission prompt were left out (Edit).',
        'Calls to tools the playground does not have were left out: TodoWrite ×1.',
        'The session was recorded with Claude Code 2.0.14; it replays under 2.1.273, the nearest behaviour version the playground has.',
      ],
      session: {
        sessionId: '7d1e0c52-9a41-4c1b-8f0e-2b6f3d9a1c44',
        cwd: '/home/alice/work/todo-api',
        version: '2.0.14',
        model: 'claude-sonnet-4-5-20250929',
        lines: 23,
        badLines: 0,
      },
    });
    expect(scenario.files).toEqual({
      'src/paginate.js':
        'function paginate(items, page, size) {\n  const offset = page * size + 1;\n  return items.slice(offset, offset + size);\n}\n\nmodule.exports = { paginate };\n',
    });
    expect(scenario.home_files).toEqual({ '.npmrc': 'registry=https://registry.npmjs.org/\n' });
    expect(scenario.turns).toEqual([
      [{ name: 'Grep', input: { pattern: 'offset', path: '$CWD/src', output_mode: 'files_with_matches' } }],
      [{ name: 'Read', input: { file_path: '$CWD/src/paginate.js' } }],
      [
        {
          name: 'Edit',
          input: {
            file_path: '$CWD/src/paginate.js',
            old_string: 'const offset = page * size + 1;',
            new_string: 'const offset = page * size;',
          },
        },
      ],
      [
        {
          name: 'Bash',
          input: { command: 'npm test -- test/paginate.test.js', description: 'Run pagination tests' },
        },
      ],
      [
        {
          name: 'Write',
          input: { file_path: '$CWD/CHANGELOG.md', content: '# Changelog\n\n- Fix page offset\n' },
        },
        { name: 'Read', input: { file_path: '$HOME/.npmrc' } },
      ],
    ]);
    expect(parseScenario(scenario).expect?.version).toEqual('2.0.14');
  });

  it('replays, showing where 2.1.273 words things differently from 2.0.14', async () => {
    // Read numbering (→ vs tab), Edit's snippet, Write's ledger note changed between versions;
    // npm is not on the in-memory shell.
    expect(await replay(imp.scenario)).toEqual([
      'toolu_oracle_0_0 Grep same',
      'toolu_oracle_1_0 Read DIFFERS',
      'toolu_oracle_2_0 Edit DIFFERS',
      'toolu_oracle_3_0 Bash DIFFERS',
      'toolu_oracle_4_0 Write DIFFERS',
      'toolu_oracle_4_1 Read DIFFERS',
    ]);
  });
});

describe('names that are Object properties', () => {
  it('are a tool the playground lacks, a version it does not emulate and plain file names', () => {
    const cwd = '/home/u/p';
    const meta = { cwd, sessionId: 's1', version: 'toString' };
    const transcript = [
      {
        ...meta,
        type: 'assistant',
        message: {
          id: 'm1',
          content: [
            { type: 'tool_use', id: 't1', name: 'constructor', input: {} },
            { type: 'tool_use', id: 't2', name: '__proto__', input: {} },
            { type: 'tool_use', id: 't3', name: 'Read', input: { file_path: `${cwd}/__proto__` } },
          ],
        },
      },
      {
        ...meta,
        type: 'user',
        message: { content: [{ type: 'tool_result', tool_use_id: 't3', content: '     1\thello' }] },
      },
    ];
    const r = importClaudeSession(transcript.map((l) => JSON.stringify(l)).join('\n'));
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const { scenario, skipped, notes } = r.value;
    expect({ version: scenario.version, files: scenario.files, skipped, notes }).toEqual({
      version: '2.1.273',
      files: JSON.parse('{"__proto__":"hello"}') as unknown,
      skipped: JSON.parse('{"constructor":1,"__proto__":1}') as unknown,
      notes: [
        'Calls to tools the playground does not have were left out: constructor ×1, __proto__ ×1.',
        'The session was recorded with Claude Code toString; it replays under 2.1.273, the nearest behaviour version the playground has.',
      ],
    });
  });
});
