// Agent types: the version's built-ins and the project's and user's agent files
// (.claude/agents/*.md, ~/.claude/agents/*.md; a project agent shadows a user agent of the same
// name), and the tools each one is given (recorded: conformance/results/<v>/agent-custom-*.json).
import type { BuiltinAgent } from '../../profiles/types';
import type { ToolContext } from '../types';

export interface AgentDefinition {
  name: string;
  description: string;
  olderModelsDescription?: string;
  /** undefined: every tool; otherwise the names listed (`Bash(echo:*)` counts as Bash). */
  tools?: readonly string[] | '*';
  disallowed: readonly string[];
  model?: string;
  source: 'built-in' | 'project' | 'user';
  oneShot?: boolean;
}

const fromBuiltin = (b: BuiltinAgent): AgentDefinition => ({
  name: b.name,
  description: b.description,
  ...(b.olderModelsDescription !== undefined && { olderModelsDescription: b.olderModelsDescription }),
  tools: b.tools === '*' || Array.isArray(b.tools) ? (b.tools as readonly string[] | '*') : undefined,
  disallowed:
    b.tools !== '*' && !Array.isArray(b.tools) ? (b.tools as { except: readonly string[] }).except : [],
  source: 'built-in',
  ...(b.oneShot && { oneShot: true }),
});

/** A frontmatter value: quotes dropped. */
const unquote = (v: string) => v.trim().replace(/^(["'])(.*)\1$/, '$2');

/** A tools list as agent files write it: `Read, Bash`, a YAML flow list `[Read, Edit]`, `*`;
 * a rule form `Bash(echo:*)` names its tool. */
export function parseToolList(raw: string): readonly string[] | '*' {
  const v = unquote(raw);
  if (v === '*') return '*';
  const inner = v.startsWith('[') && v.endsWith(']') ? v.slice(1, -1) : v;
  return inner
    .split(',')
    .map((t) =>
      unquote(t)
        .replace(/\(.*\)$/, '')
        .trim(),
    )
    .filter(Boolean);
}

/** An agent file: frontmatter with at least name and description; otherwise not an agent. */
export function parseAgentFile(text: string, source: 'project' | 'user'): AgentDefinition | undefined {
  const m = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  if (!m) return undefined;
  const fm = new Map<string, string>();
  for (const line of (m[1] as string).split(/\r?\n/)) {
    const kv = /^([A-Za-z_-]+):\s*(.*)$/.exec(line);
    if (kv) fm.set(kv[1] as string, kv[2] as string);
  }
  const name = fm.get('name');
  const description = fm.get('description');
  if (!name || !description) return undefined;
  const tools = fm.get('tools');
  const disallowed = fm.get('disallowedTools');
  const model = fm.get('model');
  const list = disallowed === undefined ? [] : parseToolList(disallowed);
  return {
    name: unquote(name),
    description: unquote(description),
    ...(tools !== undefined && { tools: parseToolList(tools) }),
    disallowed: list === '*' ? [] : list,
    ...(model !== undefined && { model: unquote(model) }),
    source,
  };
}

async function readAgents(
  ctx: ToolContext,
  dir: string,
  source: 'project' | 'user',
): Promise<AgentDefinition[]> {
  let names: string[];
  try {
    names = await ctx.ws.fs.readdir(dir);
  } catch {
    return [];
  }
  const out: AgentDefinition[] = [];
  for (const n of names.filter((x) => x.endsWith('.md')).sort()) {
    try {
      const def = parseAgentFile(new TextDecoder().decode(await ctx.ws.fs.readFile(`${dir}/${n}`)), source);
      if (def) out.push(def);
    } catch {
      // an unreadable agent file is no agent
    }
  }
  return out;
}

/** Every agent type of the session, sorted as the binary lists them (by name, ignoring case). */
export async function agentDefinitions(ctx: ToolContext): Promise<AgentDefinition[]> {
  const byName = new Map<string, AgentDefinition>();
  for (const b of ctx.profile.agents?.builtins ?? []) byName.set(b.name, fromBuiltin(b));
  for (const d of await readAgents(ctx, `${ctx.ws.info.home}/.claude/agents`, 'user')) byName.set(d.name, d);
  for (const d of await readAgents(ctx, `${ctx.ws.info.cwd}/.claude/agents`, 'project'))
    byName.set(d.name, d);
  return [...byName.values()].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase(), 'en'));
}

/** The tools a subagent of this type is offered, out of the session's. */
export function subagentTools(def: AgentDefinition, offered: ReadonlySet<string>): Set<string> {
  const base =
    def.tools === undefined || def.tools === '*' ? [...offered] : def.tools.filter((t) => offered.has(t));
  return new Set(base.filter((t) => !def.disallowed.includes(t)));
}

/** `(Tools: …)` in the agent-types listing. */
export function toolsLabel(def: AgentDefinition): string {
  if (def.source === 'built-in' && def.tools === '*') return '*';
  if (Array.isArray(def.tools)) return def.tools.filter((t) => !def.disallowed.includes(t)).join(', ');
  return def.disallowed.length ? `All tools except ${def.disallowed.join(', ')}` : 'All tools';
}
