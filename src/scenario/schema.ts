// Scenario and result formats, shared with the oracle (../shared/oracle/README.md). Strict
// objects everywhere: an unknown key is an error that names its path.
import { z } from 'zod';
import { webScriptSchema } from './web';

const mtimeSpec = z.union([z.number(), z.string().regex(/^([+-]\d+(\.\d+)?|now([+-]\d+)?)$/)]);
const modeSpec = z.string().regex(/^0?[0-7]{3,4}$/, 'an octal mode such as "0755"');

const common = { mtime: mtimeSpec.optional(), mode: modeSpec.optional() };

export const fileSpecSchema = z.union([
  z.string(),
  z.strictObject({ text: z.string(), crlf: z.boolean().optional(), bom: z.boolean().optional(), substitute: z.boolean().optional(), ...common }),
  z.strictObject({ base64: z.string(), ...common }),
  z.strictObject({ utf16le: z.string(), bom: z.boolean().optional(), ...common }),
  z.strictObject({
    lines: z.strictObject({ count: z.number().int().nonnegative(), template: z.string().optional(), width: z.number().int().positive().optional() }),
    eol: z.string().optional(),
    trailingNewline: z.boolean().optional(),
    crlf: z.boolean().optional(),
    bom: z.boolean().optional(),
    ...common,
  }),
  z.strictObject({ repeat: z.string(), count: z.number().int().nonnegative().optional(), crlf: z.boolean().optional(), bom: z.boolean().optional(), ...common }),
  z.strictObject({ symlink: z.string(), mtime: mtimeSpec.optional() }),
  z.strictObject({ dir: z.literal(true), mtime: mtimeSpec.optional(), mode: modeSpec.optional() }),
  z.strictObject({ fifo: z.literal(true), mtime: mtimeSpec.optional() }),
]);
export type FileSpec = z.infer<typeof fileSpecSchema>;

/** Content given to a touch action: a string or a byte-producing file spec. */
const contentSpec = z.union([
  z.string(),
  z.strictObject({ text: z.string(), crlf: z.boolean().optional(), bom: z.boolean().optional() }),
  z.strictObject({ base64: z.string() }),
  z.strictObject({ utf16le: z.string(), bom: z.boolean().optional() }),
]);

export const actionSchema = z.union([
  z.strictObject({
    touch: z.string(),
    content: contentSpec.optional(),
    crlf: z.boolean().optional(),
    bom: z.boolean().optional(),
    mtime: mtimeSpec.optional(),
    keepMtime: z.boolean().optional(),
  }),
  z.strictObject({ append: z.string(), content: z.string() }),
  z.strictObject({ delete: z.string() }),
  z.strictObject({ sleep: z.number().nonnegative() }),
  z.strictObject({ shell: z.string() }),
]);
export type Action = z.infer<typeof actionSchema>;

export const toolCallSchema = z.strictObject({ name: z.string().min(1), input: z.record(z.string(), z.unknown()) });
export type ScriptedCall = z.infer<typeof toolCallSchema>;

export const turnItemSchema = z.union([toolCallSchema, actionSchema]);
export type TurnItem = z.infer<typeof turnItemSchema>;

/** Scripted subagents (the oracle's `agents`): keyed by the prompt of the Agent call that starts
 * one, its model calls like `turns`; a string is its final text (the oracle's default: `ok`). */
export const agentScriptSchema = z.array(z.union([z.array(turnItemSchema), z.string()]));
export type AgentScript = z.infer<typeof agentScriptSchema>;

export const modeSchema = z.enum(['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions']);
export type PermissionMode = z.infer<typeof modeSchema>;

export const classifierSchema = z.union([
  z.enum(['allow', 'block', 'unsupported', 'error']),
  z.strictObject({ severity: z.number(), category: z.string() }),
]);

/** Settings files are Claude Code's; we validate them where they are used, not here. */
const settingsSchema = z.record(z.string(), z.unknown());

const filesSchema = z.record(z.string(), fileSpecSchema);

// The oracle's own fields, then what this project adds (format, title, expect, answers).
const scenarioBase = {
  id: z.string().regex(/^[A-Za-z0-9._-]+$/).optional(),
  area: z.string().optional(),
  description: z.string().optional(),
  seed: z.record(z.string(), z.unknown()).optional(),
  files: filesSchema.optional(),
  home_files: filesSchema.optional(),
  settings: settingsSchema.optional(),
  settings_local: settingsSchema.optional(),
  user_settings: settingsSchema.optional(),
  managed_settings: settingsSchema.optional(),
  trust: z.boolean().optional(),
  git: z.boolean().optional(),
  git_commit: z.boolean().optional(),
  mode: modeSchema.nullable().optional(),
  tools: z.union([z.array(z.string()), z.string()]).nullable().optional(),
  allowedTools: z.array(z.string()).optional(),
  disallowedTools: z.array(z.string()).optional(),
  addDirs: z.array(z.string()).optional(),
  model: z.string().optional(),
  env: z.record(z.string(), z.string().nullable()).optional(),
  args: z.array(z.string()).optional(),
  /** Plugins loaded with --plugin-dir, by name: each one's plugin.json (a code-intelligence
   * plugin declares `lspServers`, which turns the LSP tool on). */
  plugins: z.record(z.string().regex(/^[A-Za-z0-9._-]+$/), z.record(z.string(), z.unknown())).optional(),
  classifier: classifierSchema.optional(),
  classifier_server: z.enum(['unsupported', 'error']).optional(),
  countTokens: z.union([z.literal('error'), z.literal('chars4'), z.number().int().nonnegative()]).optional(),
  timeout: z.number().positive().optional(),
  order_insensitive: z.boolean().optional(),
  unstable_subset: z.boolean().optional(),
  turns: z.array(z.array(turnItemSchema)),
  agents: z.record(z.string(), agentScriptSchema).optional(),
  /** The scripted web (pages, the domain check, WebFetch's small model, WebSearch's results);
   * absent: no network, as the oracle runs without it. */
  web: webScriptSchema.optional(),
  /** Turns the memory tools on (memory_list, memory_read, memory_write), standing in for the
   * server flags Claude Code fetches (the oracle records them by answering its feature-flag
   * request); the `personal` store's documents by absolute path (`/MEMORY.md`), dated when the
   * session starts. autoMemoryEnabled: false or CLAUDE_CODE_DISABLE_AUTO_MEMORY still turn them
   * off. Only the personal store was recorded. */
  memory: z
    .strictObject({
      personal: z
        .record(z.string(), z.string())
        .superRefine((docs, c) => {
          for (const path of Object.keys(docs))
            if (!path.startsWith('/'))
              c.addIssue({
                code: 'custom',
                path: [path],
                message: 'a memory document path is absolute: it starts with "/" (e.g. "/MEMORY.md")',
              });
        })
        .optional(),
    })
    .optional(),
  format: z.literal('cc-playground/scenario@1').optional(),
  title: z.string().optional(),
  version: z.string().optional(),
  /** Answers to permission prompts, in order of asking: used by the app, ignored in -p replay. */
  answers: z.array(z.enum(['allow', 'deny', 'always'])).optional(),
  /** A session a live model drove (drivers/live): the model asked of the API, our system prompt,
   * and the words around the tool calls (the person's prompts, the model's text blocks) by the
   * turn they came before. Shown in the transcript; a replay sends nothing to any API. */
  live: z
    .strictObject({
      model: z.string(),
      system: z.string(),
      words: z.array(
        z.strictObject({ turn: z.number().int().nonnegative(), role: z.enum(['user', 'assistant']), text: z.string() }),
      ),
    })
    .optional(),
};

// Result format (what run.mjs writes). Loose where the oracle nests the binary's own objects.
export const callResultSchema = z.strictObject({
  id: z.string(),
  tool: z.string().optional(),
  input: z.unknown().optional(),
  is_error: z.boolean(),
  content: z.unknown(),
  structured: z.unknown().optional(),
  order_insensitive: z.boolean().optional(),
});
export type CallResult = z.infer<typeof callResultSchema>;

export const turnResultSchema = z.strictObject({
  turn: z.number().int().nonnegative(),
  calls: z.array(callResultSchema),
  attachments: z.array(z.record(z.string(), z.unknown())),
  actions: z.array(z.record(z.string(), z.unknown())).optional(),
});
export type TurnResult = z.infer<typeof turnResultSchema>;

export const resultSchema = z.strictObject({
  scenario: z.string(),
  description: z.string().optional(),
  area: z.string().optional(),
  seed: z.record(z.string(), z.unknown()).optional(),
  order_insensitive: z.boolean().optional(),
  unstable_subset: z.boolean().optional(),
  version: z.string(),
  model: z.string().nullable().optional(),
  permission_mode: z.string().nullable().optional(),
  tools: z.array(z.string()).nullable().optional(),
  tool_defs_sha256: z.string().nullable().optional(),
  /** Generated corpus: sha256 of the scenario's line when it was recorded (a changed scenario
   * makes the result stale). */
  scenario_sha256: z.string().optional(),
  exit_code: z.number().nullable().optional(),
  turns: z.array(turnResultSchema),
  /** Each scripted subagent's turns, keyed as the scenario's `agents` (null: never started). */
  agents: z.record(z.string(), z.strictObject({ turns: z.array(turnResultSchema) }).nullable()).optional(),
  permission_denials: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
  result_subtype: z.string().nullable().optional(),
  system_events: z.array(z.record(z.string(), z.unknown())).optional(),
  files: z.record(z.string(), z.unknown()).optional(),
  outside_files: z.record(z.string(), z.unknown()).optional(),
  side_requests: z.number().optional(),
  /** What the scripted web was asked (oracle/web.mjs), for people; not compared. */
  web_requests: z.array(z.record(z.string(), z.unknown())).optional(),
  web_side_prompts: z.array(z.unknown()).optional(),
  search_requests: z.array(z.record(z.string(), z.unknown())).optional(),
  classifier_requests: z.number().optional(),
  count_tokens_requests: z.number().optional(),
  stderr: z.string().optional(),
  problems: z.array(z.string()).optional(),
  nondeterministic: z.unknown().optional(),
  workspace: z.string().optional(),
  backend: z.string().optional(),
});
export type ScenarioResult = z.infer<typeof resultSchema>;

export const scenarioSchema = z.strictObject({ ...scenarioBase, expect: resultSchema.optional() });
export type Scenario = z.infer<typeof scenarioSchema>;

export class ScenarioError extends Error {
  constructor(
    message: string,
    readonly issues: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'ScenarioError';
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(root)' : path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p))).join('.').replace(/\.\[/g, '[');
}

/** zod issues -> one problem per line, each naming the key path (unknown keys included). */
export function describeIssues(error: z.ZodError): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  const visit = (issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[]) => {
    for (const issue of issues) {
      const path = [...prefix, ...issue.path];
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) out.push({ path: formatPath([...path, key]), message: 'unknown key' });
      } else if (issue.code === 'invalid_union') {
        // Report the branch that got furthest, so "files.a.txt.colour: unknown key" survives.
        const best = [...issue.errors].sort((a, b) => depth(b) - depth(a))[0];
        if (best && best.length > 0 && depth(best) > 0) visit(best, path);
        else out.push({ path: formatPath(path), message: issue.message });
      } else out.push({ path: formatPath(path), message: issue.message });
    }
  };
  visit(error.issues, []);
  return out;
}

function depth(issues: readonly z.core.$ZodIssue[]): number {
  let best = 0;
  for (const i of issues) {
    const d = i.path.length + (i.code === 'unrecognized_keys' ? 1 : 0) + (i.code === 'invalid_type' ? 0 : 0.5);
    if (d > best) best = d;
  }
  return best;
}

export function parseScenario(json: unknown, origin = 'scenario'): Scenario {
  const r = scenarioSchema.safeParse(json);
  if (r.success) return r.data;
  const issues = describeIssues(r.error);
  throw new ScenarioError(`${origin}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues);
}

export function parseResult(json: unknown, origin = 'result'): ScenarioResult {
  const r = resultSchema.safeParse(json);
  if (r.success) return r.data;
  const issues = describeIssues(r.error);
  throw new ScenarioError(`${origin}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues);
}

export function isToolCall(item: TurnItem): item is ScriptedCall {
  return 'name' in item;
}
