import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../../backends/memfs';
import { createJustBashShell } from '../../backends/shell/justbash';
import { Ledger } from '../../ledger/ledger';
import { getProfile } from '../../profiles';
import { Session } from '../../session/engine';
import { allowAll } from '../../session/permissions';
import { bashTool } from '.';
import { formatDuration, formatSize, maxOutputLength, preview, trimOutput, truncateError } from './output';

const CWD = '/workspace/project';

function session(
  opts: { model?: string; env?: Record<string, string>; files?: Record<string, string> } = {},
) {
  const ws = createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock) });
  ws.vol.mkdirSync(`${CWD}/sub`, { recursive: true });
  for (const [p, c] of Object.entries(opts.files ?? {}))
    ws.vol.writeFileSync(p.startsWith('/') ? p : `${CWD}/${p}`, c);
  const ledger = new Ledger();
  const s = new Session({
    ws,
    profile: getProfile('2.1.273'),
    model: opts.model ?? 'claude-opus-5[1m]',
    tools: [bashTool],
    offered: new Set(['Bash']),
    withheld: {},
    permissions: allowAll,
    ledger,
    env: { PATH: '/usr/bin:/bin', HOME: ws.info.home, TMPDIR: ws.info.tmp, ...opts.env },
  });
  let n = 0;
  const run = async (input: Record<string, unknown>) => {
    const rec = await s.runModelCall([{ id: `toolu_${n++}`, name: 'Bash', input }]);
    const c = rec.calls[0];
    if (c === undefined) throw new Error('no call');
    return { content: c.rendered.content, is_error: c.rendered.is_error, attachments: rec.attachments };
  };
  return { ws, s, ledger, run };
}

describe('Bash tool', () => {
  it('shows stdout and stderr, trimmed', async () => {
    const { run } = session();
    expect(await run({ command: "printf '\\n\\n  out\\n'; echo err >&2" })).toEqual({
      content: '  out\nerr',
      is_error: false,
      attachments: [],
    });
    expect(await run({ command: 'true' })).toEqual({
      content: '(Bash completed with no output)',
      is_error: false,
      attachments: [],
    });
  });

  it('prefixes the exit code of a failure', async () => {
    const { run } = session();
    expect(await run({ command: 'echo partial; exit 3' })).toEqual({
      content: 'Exit code 3\npartial',
      is_error: true,
      attachments: [],
    });
    expect(await run({ command: 'nosuch' })).toEqual({
      content: 'Exit code 127\n/bin/bash: line 1: nosuch: command not found',
      is_error: true,
      attachments: [],
    });
  });

  it('does not report grep finding nothing as a failure', async () => {
    const { run } = session({ files: { 'a.txt': 'alpha\n' } });
    expect(await run({ command: 'grep zzz a.txt' })).toEqual({
      content: '(Bash completed with no output)',
      is_error: false,
      attachments: [],
    });
  });

  it('carries cd to the next call and tells the model in a system message', async () => {
    const { run, s } = session();
    expect(await run({ command: 'cd sub' })).toEqual({
      content: '(Bash completed with no output)',
      is_error: false,
      attachments: [
        {
          role: 'system',
          type: 'text',
          text: `# Environment update\n - Primary working directory: ${CWD}/sub (was ${CWD})`,
        },
      ],
    });
    expect(await run({ command: 'pwd' })).toEqual({
      content: `${CWD}/sub`,
      is_error: false,
      attachments: [],
    });
    expect(s.conversation.cwd).toEqual(`${CWD}/sub`);
  });

  it('puts the environment update inside the result for claude-opus-4-6', async () => {
    const { run } = session({ model: 'claude-opus-4-6' });
    expect(await run({ command: 'cd sub && pwd' })).toEqual({
      content: `${CWD}/sub\n\n<system-reminder>\n# Environment update\n - Primary working directory: ${CWD}/sub (was ${CWD})\n</system-reminder>`,
      is_error: false,
      attachments: [],
    });
  });

  it('resets the cwd when a cd leaves the project', async () => {
    const { run, s } = session();
    expect(await run({ command: 'cd /workspace/home && pwd' })).toEqual({
      content: `/workspace/home\nShell cwd was reset to ${CWD}`,
      is_error: false,
      attachments: [],
    });
    expect(s.conversation.cwd).toEqual(CWD);
  });

  it('keeps every command in the project with CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR', async () => {
    const { run } = session({ env: { CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR: '1' } });
    expect(await run({ command: 'cd sub' })).toEqual({
      content: '(Bash completed with no output)',
      is_error: false,
      attachments: [],
    });
    expect(await run({ command: 'pwd' })).toEqual({ content: CWD, is_error: false, attachments: [] });
  });

  it('sources CLAUDE_ENV_FILE and the ~/.bashrc snapshot; exports do not persist', async () => {
    const { run } = session({
      env: { CLAUDE_ENV_FILE: '/workspace/env.sh' },
      files: {
        '/workspace/env.sh': 'export FROM_ENV_FILE=yes\n',
        '/workspace/home/.bashrc': "alias hi='echo from-alias'\n",
      },
    });
    expect(await run({ command: 'hi; echo "[$FROM_ENV_FILE]"; export X=1' })).toEqual({
      content: 'from-alias\n[yes]',
      is_error: false,
      attachments: [],
    });
    expect(await run({ command: 'echo "[$X]"' })).toEqual({
      content: '[]',
      is_error: false,
      attachments: [],
    });
  });

  it('saves output over 30,000 characters and shows a preview', async () => {
    const { run, ws } = session();
    const r = await run({ command: 'seq 1 10000' });
    const all = Array.from({ length: 10000 }, (_, i) => `${i + 1}\n`).join('');
    const path =
      '/workspace/home/.claude/projects/-workspace-project/00000000-0000-4000-8000-000000000001/tool-results/r00000001.txt';
    const head = all.slice(0, 2000);
    expect(r).toEqual({
      content: `<persisted-output>\nOutput too large (47.7KB). Full output saved to: ${path}\n\nPreview (first 2KB):\n${head.slice(0, head.lastIndexOf('\n'))}\n...\n</persisted-output>`,
      is_error: false,
      attachments: [],
    });
    expect(String(ws.vol.readFileSync(path, 'utf8'))).toEqual(all);
  });

  it('stops a command at its timeout when background tasks are off', async () => {
    const { run } = session({ env: { CLAUDE_CODE_DISABLE_BACKGROUND_TASKS: '1' } });
    expect(await run({ command: 'while true; do :; done', timeout: 300 })).toEqual({
      content: 'Exit code 143\nCommand timed out after 0s',
      is_error: true,
      attachments: [],
    });
  });

  it('runs in the background and notifies when done', async () => {
    const { run, s, ws } = session();
    const file =
      '/workspace/tmp/claude-0/-workspace-project/00000000-0000-4000-8000-000000000001/tasks/b00000001.output';
    expect(await run({ command: 'echo started', run_in_background: true })).toEqual({
      content: `Command running in background with ID: b00000001. Output is being written to: ${file}. You will be notified when it completes. To check interim output, use Read on that file path.`,
      is_error: false,
      attachments: [],
    });
    const late = await s.settle();
    expect(late.map((a) => a.text.split('\n<task-notification>\n')[1])).toEqual([
      `<task-id>b00000001</task-id>\n<tool-use-id>toolu_0</tool-use-id>\n<output-file>${file}</output-file>\n<status>completed</status>\n<summary>Background command "echo started" completed (exit code 0)</summary>\n</task-notification>\n</system-reminder>`,
    ]);
    // Written as the command runs, then the exit marker (task-output-* recordings).
    expect(String(ws.vol.readFileSync(file, 'utf8'))).toEqual('started\n\n[exited with code 0]\n');
  });

  it("runs a background command under the playground's budget and says so when it is stopped by it", async () => {
    const budgets: unknown[] = [];
    const ws = createMemfsWorkspace({
      shell: () => ({
        run: async (command, opts) => {
          budgets.push(opts.budget);
          return { stdout: 'partial\n', stderr: '', exitCode: 143, interrupted: true, overBudget: true, cwdAfter: opts.cwd };
        },
      }),
    });
    ws.vol.mkdirSync(CWD, { recursive: true });
    const s = new Session({
      ws,
      profile: getProfile('2.1.273'),
      model: 'claude-opus-5[1m]',
      tools: [bashTool],
      offered: new Set(['Bash']),
      withheld: {},
      permissions: allowAll,
      ledger: new Ledger(),
      env: { PATH: '/usr/bin:/bin', HOME: ws.info.home, TMPDIR: ws.info.tmp },
    });
    const rec = await s.runModelCall([{ id: 'toolu_0', name: 'Bash', input: { command: 'while :; do :; done', run_in_background: true } }]);
    // The fake shell answers at once: the notification may come with the call or after it.
    const late = [...rec.attachments, ...(await s.settle())];
    const file =
      '/workspace/tmp/claude-0/-workspace-project/00000000-0000-4000-8000-000000000001/tasks/b00000001.output';
    expect([budgets, String(ws.vol.readFileSync(file, 'utf8')), late.map((a) => a.text.split('<summary>')[1])]).toEqual([
      [{ cpuMs: 60_000, liveBytes: 256 * 2 ** 20 }],
      // The shell writes the output into the file itself (this fake one writes nothing).
      "\n[cc-playground: stopped after 60 s of busy CPU, the playground's budget for a background command]\n\n[exited with code 143]\n",
      ['Background command "while :; do :; done" failed with exit code 143</summary>\n</task-notification>\n</system-reminder>'],
    ]);
  });
});

describe('Bash reads in the ledger', () => {
  const files = { 'a.txt': 'alpha\r\nbeta\n', 'b.txt': 'b\n' };
  // Only cat shows the whole file; the others record a partial view (2.1.332 then leaves Edit's
  // "file state is current" suffix off).
  const cases: [string, 'whole' | 'part' | null][] = [
    ['cat a.txt', 'whole'],
    [`cat ${CWD}/a.txt`, 'whole'],
    ['head -n 1 a.txt', 'part'],
    ['tail -1 a.txt', 'part'],
    ["sed -n '1,2p' a.txt", 'part'],
    ['grep -n beta a.txt', 'part'],
    ['egrep beta a.txt', 'part'],
    ['fgrep beta a.txt', 'part'],
    ['cat a.txt > /dev/null', null],
    ['cat a.txt b.txt', null],
    ['cat a.txt | head -1', null],
    ['awk 1 a.txt', null],
    ["sed 's/a/b/' a.txt", null],
  ];
  for (const [command, seen] of cases) {
    it(`${command} ${seen ? `counts as a ${seen === 'whole' ? 'whole' : 'partial'} read` : 'does not count'}`, async () => {
      const { run, ledger } = session({ files });
      await run({ command });
      const e = ledger.get(`${CWD}/a.txt`);
      expect(
        e === undefined ? null : { content: e.content, partial: e.partial, via: e.via, detail: e.detail },
      ).toEqual(seen ? { content: 'alpha\nbeta\n', partial: seen === 'part', via: 'Bash', detail: command } : null);
    });
  }
});

describe('output helpers', () => {
  it('trims leading blank lines and trailing space only', () => {
    expect(trimOutput('\n \n  x\ny \n\n')).toEqual('  x\ny');
  });
  it('formats sizes and durations', () => {
    expect([formatSize(48894), formatSize(2001), formatSize(1001)]).toEqual(['47.7KB', '2KB', '1001 bytes']);
    expect([formatDuration(1000), formatDuration(120000), formatDuration(90000)]).toEqual([
      '1s',
      '2m',
      '1m 30s',
    ]);
  });
  it('reads BASH_MAX_OUTPUT_LENGTH as a float, defaulting and capping it', () => {
    const lim = (v: string) => maxOutputLength({ BASH_MAX_OUTPUT_LENGTH: v });
    expect(['1e3', '5000abc', ' 2000', 'abc', '0', '-5', '200000'].map(lim)).toEqual([
      1000, 5000, 2000, 30000, 30000, 30000, 150000,
    ]);
  });
  it('keeps the first and last 5000 characters of a long error', () => {
    const e = truncateError('a'.repeat(6000) + 'b'.repeat(6000));
    expect(e).toEqual(`${'a'.repeat(5000)}\n\n... [2000 characters truncated] ...\n\n${'b'.repeat(5000)}`);
  });
  it('cuts the preview at a line end', () => {
    expect(preview('x'.repeat(1500) + '\n' + 'y'.repeat(1000))).toEqual({
      text: 'x'.repeat(1500),
      more: true,
    });
  });
});
