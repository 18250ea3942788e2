// The same calls under each profile, whole results side by side: what a version switch changes.
// Inputs are deliberately not the corpus's (other names, contents and sizes).
import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../backends/memfs';
import { nodeRipgrepLoader } from '../backends/search/loader-node';
import { createMemfsSearch } from '../backends/search/memfs';
import { createJustBashShell } from '../backends/shell/justbash';
import { Ledger } from '../ledger/ledger';
import { Session } from '../session/engine';
import { allowAll } from '../session/permissions';
import { ALL_TOOLS } from '../tools/registry';
import { getProfile } from '.';

const CWD = '/workspace/project';
const VERSIONS = ['2.1.273', '2.1.332'] as const;

type Call = { name: string; input: Record<string, unknown> };
type Files = Record<string, string | Uint8Array | { symlink: string }>;

/** Texts for calls to tools that exist but are withheld (as a bare deny rule words them). */
type Withheld = Record<string, string>;

/** Runs the model calls under a version (everything allowed, as bypassPermissions without
 * rules) and returns every call's record. */
async function records(version: string, files: Files, calls: Call[][], withheld: Withheld = {}) {
  const ws = createMemfsWorkspace({
    shell: (vol, clock) => createJustBashShell(vol, clock),
    search: (vol) => createMemfsSearch(vol, nodeRipgrepLoader),
  });
  ws.vol.mkdirSync(CWD, { recursive: true });
  for (const [p, c] of Object.entries(files)) {
    if (p.endsWith('/')) ws.vol.mkdirSync(`${CWD}/${p}`, { recursive: true });
    else if (typeof c === 'object' && 'symlink' in c) ws.vol.symlinkSync(c.symlink, `${CWD}/${p}`);
    else ws.vol.writeFileSync(`${CWD}/${p}`, c);
  }
  const profile = getProfile(version);
  const s = new Session({
    ws,
    profile,
    model: profile.defaultModel,
    tools: ALL_TOOLS,
    offered: new Set(ALL_TOOLS.map((t) => t.name).filter((n) => !(n in withheld))),
    withheld,
    permissions: allowAll,
    ledger: new Ledger(),
    env: { HOME: '/workspace/home', PATH: '/usr/bin:/bin' },
  });
  const out = [];
  for (const [k, uses] of calls.entries())
    out.push(await s.runModelCall(uses.map((u, i) => ({ id: `toolu_${k}_${i}`, ...u }))));
  return out;
}

/** Each call's content and the attachments. */
async function run(version: string, files: Files, calls: Call[][]) {
  return (await records(version, files, calls)).map((rec) => ({
    results: rec.calls.map((c) => [c.rendered.is_error, c.rendered.content]),
    attachments: rec.attachments.map((a) => a.text),
  }));
}

/** Each call whole: where it ended, what the model and the SDK get, and whether -p mode lists it
 * in permission_denials. */
async function runWhole(version: string, files: Files, calls: Call[][], withheld: Withheld = {}) {
  return (await records(version, files, calls, withheld)).flatMap((rec) =>
    rec.calls.map((c) => ({
      stage: c.stage,
      is_error: c.rendered.is_error,
      content: c.rendered.content,
      structured: c.rendered.structured,
      permissionDenial: c.decision?.permissionDenial === true,
    })),
  );
}

const both = async (files: Files, calls: Call[][]) => Promise.all(VERSIONS.map((v) => run(v, files, calls)));
const read = (file: string, extra: Record<string, unknown> = {}): Call => ({
  name: 'Read',
  input: { file_path: `${CWD}/${file}`, ...extra },
});

describe('2.1.273 and 2.1.332 side by side', () => {
  it('Read: UTF-16LE decoded, notes for NUL bytes and undecodable bytes', async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'ok\n'].flatMap((c) => [c.charCodeAt(0), 0])]);
    const files = {
      'w.txt': utf16,
      'n.txt': new Uint8Array([0x61, 0x00, 0x62, 0x0a]),
      'l.txt': new Uint8Array([0x6e, 0xe9, 0x0a]),
    };
    const nul =
      '[This file has NUL bytes in its first 8 KB: binary data, UTF-16/UTF-32 without a byte-order mark, or text with embedded NULs. Edit and Write will refuse it: change it with a shell command that keeps its encoding, or ask the user whether to convert it to UTF-8.]';
    const latin =
      '[This file is not valid UTF-8: it uses a legacy encoding such as Windows-1252, Shift-JIS or GBK, or it is binary. Its undecodable bytes show above as U+FFFD. Edit and Write will refuse it: change it with a shell command that keeps its encoding, or ask the user whether to convert it to UTF-8.]';
    expect(await both(files, [[read('w.txt'), read('n.txt'), read('l.txt')]])).toEqual([
      [
        {
          results: [
            [false, '1\t\ufffd\ufffdo\u0000k\u0000\n2\t\u0000'],
            [false, '1\ta\u0000b\n2\t'],
            [false, '1\tn\ufffd\n2\t'],
          ],
          attachments: [],
        },
      ],
      [
        {
          results: [
            [false, '1\tok\n2\t'],
            [false, `1\ta\u0000b\n2\t\n\n${nul}`],
            [false, `1\tn\ufffd\n2\t\n\n${latin}`],
          ],
          attachments: [],
        },
      ],
    ]);
  });

  it('Read: allow_large is a parameter of 2.1.332 only, and the refusals point to it', async () => {
    const big = 'z'.repeat(99) + '\n';
    const files = { 'big.txt': big.repeat(3000) };
    const [older, newer] = await both(files, [[read('big.txt')], [read('big.txt', { allow_large: true })]]);
    const refusal =
      'File content (293KB) exceeds maximum allowed size (256KB). Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file.';
    const whole =
      Array.from({ length: 3000 }, (_, i) => `${i + 1}\t${'z'.repeat(99)}`).join('\n') + '\n3001\t';
    expect([older, newer]).toEqual([
      [
        { results: [[true, refusal]], attachments: [] },
        {
          results: [
            [
              true,
              '<tool_use_error>InputValidationError: Read failed due to the following issue:\nAn unexpected parameter `allow_large` was provided</tool_use_error>',
            ],
          ],
          attachments: [],
        },
      ],
      [
        {
          results: [
            [
              true,
              `${refusal} To read it anyway, up to what still fits in your context, call Read again with allow_large: true — only if you genuinely need all of it or the user asked for the whole file.`,
            ],
          ],
          attachments: [],
        },
        { results: [[false, whole]], attachments: [] },
      ],
    ]);
  });

  it('Write and Edit: directory refusal, symlink target, the suffix only with the whole file in context', async () => {
    const files = { 'd/': '', 'real.md': 'one\ntwo\n', 'p.txt': 'x\ny\nz\n' };
    const calls: Call[][] = [
      [
        { name: 'Write', input: { file_path: `${CWD}/d`, content: 'q\n' } },
        { name: 'Bash', input: { command: 'ln -s real.md link.md && head -n 1 p.txt' } },
      ],
      [
        { name: 'Write', input: { file_path: `${CWD}/link.md`, content: 'q\n' } },
        { name: 'Edit', input: { file_path: `${CWD}/p.txt`, old_string: 'y', new_string: 'Y' } },
      ],
    ];
    const suffix = '(file state is current in your context — no need to Read it back)';
    expect(await both(files, calls)).toEqual([
      [
        {
          results: [
            [true, 'EISDIR: illegal operation on a directory, read'],
            [false, 'x'],
          ],
          attachments: [],
        },
        {
          results: [
            [
              true,
              `Refusing to write ${CWD}/link.md: it is a symbolic link. Write to the link's target path instead.`,
            ],
            [false, `The file ${CWD}/p.txt has been updated successfully. ${suffix}`],
          ],
          attachments: [],
        },
      ],
      [
        {
          results: [
            [
              true,
              `<tool_use_error>${CWD}/d is a directory, not a file. To create a file inside it, include the file name in file_path.</tool_use_error>`,
            ],
            [false, 'x'],
          ],
          attachments: [],
        },
        {
          results: [
            [
              true,
              `Refusing to write ${CWD}/link.md: it is a symbolic link. Write to the link's target path instead: ${CWD}/real.md.`,
            ],
            [false, `The file ${CWD}/p.txt has been updated successfully.`],
          ],
          attachments: [],
        },
      ],
    ]);
  });

  it('Write through a symlink: refused in the call (2.1.273) or in the permission check, as a permission denial (2.1.332)', async () => {
    const files = { 'notes.md': '# n\n', 'here.md': { symlink: 'notes.md' } };
    const calls: Call[][] = [
      [read('here.md')],
      [{ name: 'Write', input: { file_path: `${CWD}/here.md`, content: '# m\n' } }],
    ];
    const readResult = {
      stage: 'call',
      is_error: false,
      content: '1\t# n\n2\t',
      structured: {
        type: 'text',
        file: { filePath: `${CWD}/here.md`, content: '# n\n', numLines: 2, startLine: 1, totalLines: 2 },
      },
      permissionDenial: false,
    };
    const refusal = `Refusing to write ${CWD}/here.md: it is a symbolic link. Write to the link's target path instead`;
    const [older, newer] = await Promise.all(VERSIONS.map((v) => runWhole(v, files, calls)));
    expect([older, newer]).toEqual([
      [
        readResult,
        {
          stage: 'call',
          is_error: true,
          content: `${refusal}.`,
          structured: `Error: ${refusal}.`,
          permissionDenial: false,
        },
      ],
      [
        readResult,
        {
          stage: 'permission',
          is_error: true,
          content: `${refusal}: ${CWD}/notes.md.`,
          structured: `Error: ${refusal}: ${CWD}/notes.md.`,
          permissionDenial: true,
        },
      ],
    ]);
  });

  it('a call to a withheld or unknown tool: the SDK result is the text without its wrapper, in both versions', async () => {
    const disabled =
      '<tool_use_error>Error: No such tool available: Glob. Glob is disabled for this session, in subagents as well as here.</tool_use_error>';
    const calls: Call[][] = [
      [
        { name: 'Glob', input: { pattern: '*.md' } },
        { name: 'NotATool', input: { operation: 'hover' } },
      ],
    ];
    const whole = [
      {
        stage: 'unknown-tool',
        is_error: true,
        content: disabled,
        structured:
          'Error: No such tool available: Glob. Glob is disabled for this session, in subagents as well as here.',
        permissionDenial: false,
      },
      {
        stage: 'unknown-tool',
        is_error: true,
        content: '<tool_use_error>Error: No such tool available: NotATool</tool_use_error>',
        structured: 'Error: No such tool available: NotATool',
        permissionDenial: false,
      },
    ];
    expect(await Promise.all(VERSIONS.map((v) => runWhole(v, {}, calls, { Glob: disabled })))).toEqual([
      whole,
      whole,
    ]);
  });

  it('Bash and Grep: the in-place edit note, the literal newline refusal', async () => {
    const files = { 'cfg.ini': 'a=1\nb=2\n' };
    const calls: Call[][] = [
      [read('cfg.ini')],
      [{ name: 'Bash', input: { command: "sed -i 's/a=1/a=3/' cfg.ini" } }],
      [{ name: 'Grep', input: { pattern: 'a=3\\nb', output_mode: 'content' } }],
    ];
    const [older, newer] = await both(files, calls);
    expect([older?.slice(1), newer?.slice(1)]).toEqual([
      [
        { results: [[false, '(Bash completed with no output)']], attachments: [] },
        { results: [[false, 'No matches found']], attachments: [] },
      ],
      [
        {
          results: [
            [
              false,
              "[This command modified 1 file you've previously read: cfg.ini. Call Read before editing.]",
            ],
          ],
          attachments: [],
        },
        {
          results: [
            [
              true,
              'Search failed — ripgrep rejected the pattern, glob, or file type without searching:\nrg: the literal "\\n" is not allowed in a regex\n\nConsider enabling multiline mode with the --multiline flag (or -U for short).\nWhen multiline mode is enabled, new line characters can be matched.',
            ],
          ],
          attachments: [],
        },
      ],
    ]);
  });

  it('the quiet-turns nudge after every fifth model call (2.1.332)', async () => {
    const calls: Call[][] = Array.from({ length: 6 }, () => [{ name: 'Bash', input: { command: 'true' } }]);
    const nudged = (await both({}, calls)).map((r) => r.map((m) => m.attachments.length));
    expect(nudged).toEqual([
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 1, 0],
    ]);
  });
});
