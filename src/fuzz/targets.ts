// What the fuzzer feeds, one target per entry point: every tool through the session engine on
// the memfs backend (permissions, validation, call, render), the scenario and settings formats,
// the share-link decoder and the Claude Code session importer. A target's run resolves for any
// input; a tool error is a normal result, so only a rejection counts as uncaught.
import fc from 'fast-check';
import { createMemfsWorkspace } from '../backends/memfs';
import { createJustBashShell } from '../backends/shell/justbash';
import { createNodeServices } from '../backends/node-services';
import { withServices } from '../workspace/types';
import { importClaudeSession } from '../drivers/import/claude-session';
import { parseScenario, ScenarioError, type Scenario } from '../scenario/schema';
import { replayScenario } from '../session/replay';
import { createPermissions } from '../session/wiring';
import { checkScenarioJson, decodeLinkFragment, encodeLinkFragment } from '../share/link';
import { DEFAULT_VERSION, getProfile, recordedReleases } from '../profiles';
import { ALL_TOOLS } from '../tools/registry';
import { checkSettings } from '../session/settings-check';

export interface Target {
  name: string;
  input: fc.Arbitrary<unknown>;
  run(input: unknown, signal: AbortSignal): Promise<void>;
  /** Loads what a process loads once (pdf.js, the image codec, WASM engines) before inputs are
   * timed: the budget is per input, and a first load on a busy host can take seconds. */
  warm?(signal: AbortSignal): Promise<void>;
}

/** Names that are also Object.prototype's, numbers past 2^53, NULs, deep nesting. */
const nasty = fc.constantFrom(
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '\0',
  'a\0b',
  '99999999999999999999',
  '-1',
  '',
  ' ',
  '..',
  '../../x',
  '~',
  '~/x',
  '/etc/passwd',
  '/dev/zero',
  '/dev/stdin',
  '$CWD',
  '\\u00e9',
  '“quoted”',
  'é'.repeat(300),
  '{'.repeat(200) + 'a' + '}'.repeat(200),
  '{a,'.repeat(100) + 'b' + '}'.repeat(100),
  '['.repeat(50),
  '('.repeat(100) + ')'.repeat(100),
  '*'.repeat(50),
  '**/'.repeat(30) + '*',
);

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: nasty },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.array(nasty, { maxLength: 4 }).map((a) => a.join('')) },
);

const FILES = [
  'a.txt',
  'src/app.ts',
  'nb.ipynb',
  'doc.pdf',
  'img.png',
  'dir',
  'link',
  'crlf.txt',
  '__proto__',
];

const path = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FILES).map((f) => `$CWD/${f}`) },
  { weight: 1, arbitrary: fc.constantFrom(...FILES) },
  { weight: 2, arbitrary: text.map((t) => `$CWD/${t}`) },
  { weight: 1, arbitrary: text },
);

const number = fc.oneof(
  fc.integer({ min: -3, max: 50 }),
  fc.constantFrom(0, 2 ** 31, 2 ** 53, 1e20, -1e20, 0.5),
);

/** A field: usually a plausible value, sometimes any JSON value (the schema must refuse it). */
const field = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 6, arbitrary: arb as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );

const COMMANDS = [
  'ls',
  'cat',
  'echo',
  'grep',
  'sed',
  'head',
  'git',
  'cd',
  'rm',
  'cp',
  'mv',
  'touch',
  'mkdir',
  'jq',
  'timeout 1',
  'env',
  'sudo',
  'xargs',
  'find',
  'wc',
  'git -C src',
  'bash -c',
];
const OBJECT_NAMES = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty'];
const ARGS = [
  'a.txt',
  'src',
  '-n',
  '-rf',
  '> out.txt',
  '>> a.txt',
  '< a.txt',
  '$(ls)',
  '`pwd`',
  '"q"',
  "'q'",
  '$HOME',
  '~',
  '*',
  '{a,b}',
  '\\',
  'status',
  'log',
];

/** Simple commands (a name, often one of Object's, then arguments) joined by operators. Loops,
 * `yes` and `sleep` are left out: their time belongs to the shell's own timeout work. */
const simpleCommand = fc
  .tuple(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...COMMANDS) },
      { weight: 2, arbitrary: fc.constantFrom(...OBJECT_NAMES) },
      { weight: 1, arbitrary: text },
    ),
    fc.array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ARGS) }, { weight: 1, arbitrary: nasty }), {
      maxLength: 4,
    }),
  )
  .map(([name, args]) => [name, ...args].join(' '));
/** Output of any size through a pipeline (issue 30): producers far past the output limits. */
const hugeOutput = fc.constantFrom(
  'yes | head -c 100000000 | wc -c',
  'yes | head -c 40000000',
  'seq 1 3000000 | tail -1; seq 1 5000000',
  'head -c 50000000 /dev/zero | wc -c',
  'printf "%0100000000d" 0 | wc -c',
);
const command = fc.oneof(
  {
    weight: 9,
    arbitrary: fc
      .tuple(
        simpleCommand,
        fc.array(fc.tuple(fc.constantFrom('&&', '||', ';', '|', '\n'), simpleCommand), { maxLength: 3 }),
      )
      .map(([first, rest]) => [first, ...rest.flat()].join(' ')),
  },
  { weight: 1, arbitrary: hugeOutput },
);

const TOOL_INPUTS: Record<string, fc.Arbitrary<unknown>> = {
  Read: fc.record(
    {
      file_path: field(path),
      offset: field(number),
      limit: field(number),
      pages: field(fc.oneof(text, fc.constantFrom('1', '1-3', '3-', '99999999999999999999', '2-1'))),
    },
    { requiredKeys: [] },
  ),
  Write: fc.record({ file_path: field(path), content: field(text) }, { requiredKeys: [] }),
  Edit: fc.record(
    {
      file_path: field(path),
      old_string: field(text),
      new_string: field(text),
      replace_all: field(fc.boolean()),
    },
    { requiredKeys: [] },
  ),
  NotebookEdit: fc.record(
    {
      notebook_path: field(path),
      cell_id: field(fc.oneof(text, fc.constantFrom('cell-0', 'c1', '0'))),
      new_source: field(text),
      cell_type: field(fc.constantFrom('code', 'markdown', 'raw')),
      edit_mode: field(fc.constantFrom('replace', 'insert', 'delete')),
    },
    { requiredKeys: [] },
  ),
  Glob: fc.record(
    {
      pattern: field(fc.oneof(text, fc.constantFrom('**/*', '*.txt', 'src/**', '/etc/*'))),
      path: field(path),
    },
    { requiredKeys: [] },
  ),
  Grep: fc.record(
    {
      pattern: field(
        fc.oneof(
          text,
          fc.constantFrom('a', '.*', '^', 'x{2,}', '(a|b)+'),
          // Past ripgrep's regex size limit, or close to it (issue 30).
          fc.constantFrom('a{1000}{1000}{1000}', '\\w{500}', '(\\w{100}){100}', '(a*)*b', '('.repeat(2000), 'x'.repeat(100_000)),
        ),
      ),
      path: field(path),
      glob: field(text),
      output_mode: field(fc.constantFrom('content', 'files_with_matches', 'count')),
      '-n': field(fc.boolean()),
      '-i': field(fc.boolean()),
      '-A': field(number),
      head_limit: field(number),
      multiline: field(fc.boolean()),
      type: field(text),
    },
    { requiredKeys: [] },
  ),
  Bash: fc.record(
    { command: field(command), timeout: field(fc.integer({ min: 1, max: 2000 })), description: field(text) },
    { requiredKeys: [] },
  ),
};

/** Inputs for a tool from its definition's JSON schema, for tools without a hand-made entry
 * above: each property gets plausible values of its type (paths for `*_path`/`path`, the enum's
 * values), and sometimes any JSON value. */
export function inputFromSchema(schema: Record<string, unknown>): fc.Arbitrary<unknown> {
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const entries = Object.entries(props).map(([key, prop]) => [key, field(valueFor(key, prop))] as const);
  return fc.record(Object.fromEntries(entries), { requiredKeys: [] });
}

function valueFor(key: string, prop: Record<string, unknown>): fc.Arbitrary<unknown> {
  if (Array.isArray(prop.enum) && prop.enum.length > 0) return fc.constantFrom(...(prop.enum as unknown[]));
  switch (prop.type) {
    case 'string':
      return key === 'path' || key.endsWith('_path') ? path : text;
    case 'number':
    case 'integer':
      return number;
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(
        prop.items && typeof prop.items === 'object'
          ? valueFor(key, prop.items as Record<string, unknown>)
          : text,
        { maxLength: 3 },
      );
    case 'object':
      return prop.properties ? inputFromSchema(prop) : fc.dictionary(text, text, { maxKeys: 3 });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The first definition any profile has of the tool. */
function schemaOf(tool: string): Record<string, unknown> {
  for (const profile of recordedReleases().map((v) => getProfile(v))) {
    const def = profile.toolDefinitions.find((d) => d.name === tool);
    if (def) return def.input_schema;
  }
  return {};
}

const MODES = ['default', 'acceptEdits', 'bypassPermissions', 'plan', 'dontAsk'] as const;

/** A notebook, a PDF header, a PNG header, a symlink, CRLF and a file named __proto__. */
function baseFiles(): Scenario['files'] {
  return {
    'a.txt': 'alpha\nbeta\n',
    'src/app.ts': 'export const a = "é";\n',
    'nb.ipynb': JSON.stringify({
      cells: [{ id: 'c1', cell_type: 'code', source: 'x', metadata: {}, outputs: [] }],
      metadata: {},
      nbformat: 4,
      nbformat_minor: 5,
    }),
    'doc.pdf': '%PDF-1.7\nnot really\n',
    'img.png': { base64: 'iVBORw0KGgo=' },
    'dir/': { dir: true },
    link: { symlink: 'a.txt' },
    'crlf.txt': 'one\r\ntwo\r\n',
  } as Scenario['files'];
}

const services = createNodeServices();
const withBash = () =>
  withServices(createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock) }), services);

async function replay(scen: Scenario, signal: AbortSignal): Promise<void> {
  await replayScenario(withBash(), scen, scen.id ?? 'fuzz', {
    tools: ALL_TOOLS,
    permissions: createPermissions,
    signal,
  });
}

/** Every lazily loaded engine a tool call can reach: a Read of each kind of base file, a
 * search, a command. */
async function warmEngines(signal: AbortSignal): Promise<void> {
  await replay(
    {
      id: 'warm',
      area: 'fuzz',
      description: 'warm',
      files: baseFiles(),
      turns: [
        [
          ...['doc.pdf', 'img.png', 'nb.ipynb', 'a.txt'].map((f) => ({ name: 'Read', input: { file_path: `$CWD/${f}` } })),
          { name: 'Grep', input: { pattern: 'a' } },
          { name: 'Glob', input: { pattern: '*' } },
          { name: 'Bash', input: { command: 'echo warm' } },
        ],
      ],
    },
    signal,
  );
}

const toolTarget = (tool: string, input: fc.Arbitrary<unknown>): Target => ({
  name: tool,
  warm: warmEngines,
  input: fc.tuple(input, fc.constantFrom(...MODES)),
  run: async (v, signal) => {
    const [toolInput, mode] = v as [unknown, (typeof MODES)[number]];
    await replay(
      {
        id: 'fuzz',
        area: 'fuzz',
        description: 'fuzz',
        mode,
        tools: ALL_TOOLS.map((t) => t.name).join(','),
        files: baseFiles(),
        // Twice: the second call meets the ledger and repeat-read state of the first.
        turns: [
          [{ name: tool, input: toolInput as Record<string, unknown> }],
          [{ name: tool, input: toolInput as Record<string, unknown> }],
        ],
      },
      signal,
    );
  },
});

/** A scenario: JSON that is nearly valid (a real skeleton with fields replaced). */
const scenarioJson = fc
  .record(
    {
      id: field(text),
      area: field(text),
      description: field(text),
      version: field(fc.oneof(text, fc.constantFrom(...recordedReleases()))),
      mode: field(fc.constantFrom(...MODES)),
      files: field(
        fc.dictionary(
          text,
          fc.oneof(text, fc.record({ dir: fc.constant(true) }), fc.record({ symlink: text })),
          { maxKeys: 3 },
        ),
      ),
      env: field(fc.dictionary(text, fc.oneof(text, fc.constant(null)), { maxKeys: 3 })),
      settings: field(
        fc.record({
          permissions: fc.record({
            allow: fc.array(text, { maxLength: 3 }),
            deny: fc.array(text, { maxLength: 3 }),
          }),
        }),
      ),
      turns: field(
        fc.array(
          fc.array(
            fc.oneof(
              fc.record({
                name: fc.constantFrom(...ALL_TOOLS.map((t) => t.name), 'constructor'),
                input: fc.dictionary(text, text, { maxKeys: 2 }),
              }),
              fc.record({ touch: text }),
              fc.record({ delete: text }),
            ),
            { maxLength: 2 },
          ),
          { maxLength: 2 },
        ),
      ),
    },
    { requiredKeys: [] },
  )
  .map((s) => JSON.stringify(s));

const settingsText = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc
    .record(
      {
        permissions: field(
          fc.record(
            {
              allow: field(
                fc.array(
                  fc.oneof(
                    text,
                    fc.constantFrom('Bash(ls:*)', 'Read(**)', 'Edit(/x/**)', 'Bash(constructor)'),
                  ),
                  { maxLength: 4 },
                ),
              ),
              deny: field(
                fc.array(fc.oneof(text, fc.constantFrom('Read(./a.txt)', 'Bash', 'Glob(**)')), {
                  maxLength: 4,
                }),
              ),
              ask: field(fc.array(text, { maxLength: 2 })),
              defaultMode: field(fc.oneof(text, fc.constantFrom(...MODES))),
              additionalDirectories: field(fc.array(path, { maxLength: 2 })),
            },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  text,
);

const transcriptLine = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  text,
  fc
    .record({
      type: fc.constantFrom('assistant', 'user', 'attachment', 'summary'),
      cwd: fc.oneof(fc.constant('/home/u/p'), text),
      sessionId: text,
      version: fc.oneof(text, fc.constant(DEFAULT_VERSION)),
      isSidechain: fc.boolean(),
      message: fc.record({
        id: text,
        content: fc.array(
          fc.oneof(
            fc.record({
              type: fc.constant('tool_use'),
              id: fc.constantFrom('t1', 't2', 'constructor'),
              name: fc.constantFrom(...ALL_TOOLS.map((t) => t.name), '__proto__', 'toString'),
              input: fc.dictionary(
                fc.constantFrom('file_path', 'content', 'old_string', 'new_string', 'command', 'pattern'),
                path,
              ),
            }),
            fc.record({
              type: fc.constant('tool_result'),
              tool_use_id: fc.constantFrom('t1', 't2', 'constructor'),
              content: fc.oneof(text, fc.constant('     1\thello')),
              is_error: fc.boolean(),
            }),
          ),
          { maxLength: 3 },
        ),
      }),
      toolUseResult: fc.jsonValue({ maxDepth: 2 }),
    })
    .map((v) => JSON.stringify(v)),
);

export const TARGETS: readonly Target[] = [
  ...ALL_TOOLS.map((t) =>
    toolTarget(
      t.name,
      (Object.hasOwn(TOOL_INPUTS, t.name) && TOOL_INPUTS[t.name]) || inputFromSchema(schemaOf(t.name)),
    ),
  ),
  {
    name: 'scenario',
    input: scenarioJson,
    run: async (v, signal) => {
      let scen: Scenario;
      try {
        scen = parseScenario(JSON.parse(v as string));
      } catch (e) {
        if (e instanceof ScenarioError) return;
        throw e;
      }
      try {
        await replay(scen, signal);
      } catch (e) {
        // An unknown behaviour version, or a path outside the workspace, is refused by name
        // before anything runs.
        if (e instanceof ScenarioError) return;
        if (e instanceof Error && e.message.startsWith('Unknown Claude Code version ')) return;
        throw e;
      }
    },
  },
  {
    name: 'settings',
    input: settingsText,
    run: async (v, signal) => {
      const check = checkSettings(v as string);
      if (check.errors.length > 0 || check.value === undefined) return;
      await replay(
        {
          id: 'settings',
          area: 'fuzz',
          description: 'fuzz',
          files: baseFiles(),
          settings: check.value,
          tools: ALL_TOOLS.map((t) => t.name).join(','),
          turns: [
            [
              { name: 'Read', input: { file_path: '$CWD/a.txt' } },
              { name: 'Bash', input: { command: 'ls && constructor' } },
              { name: 'Write', input: { file_path: '$CWD/w.txt', content: 'w' } },
            ],
          ],
        },
        signal,
      );
    },
  },
  {
    name: 'share-link',
    input: fc.oneof(
      text.map((t) => `#s1.${t}`),
      fc.string({ maxLength: 200 }),
      scenarioJson.map((j) => ({ json: j })),
    ),
    run: async (v) => {
      if (typeof v === 'string') {
        await decodeLinkFragment(v);
        return;
      }
      // A scenario that passes the link's own checks goes out as a link and comes back equal.
      const checked = checkScenarioJson((v as { json: string }).json);
      if (!checked.ok) return;
      const back = await decodeLinkFragment(await encodeLinkFragment(checked.value.scenario));
      if (!back.ok)
        throw new Error(`a link of a valid scenario did not decode: ${JSON.stringify(back.error)}`);
    },
  },
  {
    name: 'import',
    input: fc.array(transcriptLine, { maxLength: 6 }).map((l) => l.join('\n')),
    run: (v) => {
      importClaudeSession(v as string);
      return Promise.resolve();
    },
  },
];
