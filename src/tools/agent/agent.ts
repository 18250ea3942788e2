// The Agent tool: resolves the agent type and its tools, runs the subagent as a conversation of
// its own (the session engine) in the foreground, or launches it in the background and queues
// the completion notification for the parent conversation.
import { sanitizePath, sessionId } from '../bash/paths';
import type { ToolContext } from '../types';
import { agentDefinitions, subagentTools, toolsLabel, type AgentDefinition } from './definitions';
import type { AgentInput } from './schema';
import { agentListing, notification } from './render';
import { backgroundAgentTask } from './task';

export type AgentOutcome =
  | { kind: 'unknown-type'; type: string; available: string[] }
  | { kind: 'no-worktree' }
  | { kind: 'too-deep'; limit: number }
  | {
      kind: 'completed';
      agentId: string;
      agentType: string;
      report: string;
      toolNames: string[];
      newTools: string[];
      resolvedModel: string;
      /** Explore and Plan hand back the report alone (no agentId or usage). */
      oneShot: boolean;
    }
  | {
      kind: 'launched';
      agentId: string;
      agentType: string;
      description: string;
      prompt: string;
      outputFile: string;
      resolvedModel: string;
    };

/** Tokens the oracle's fake API reports for a subagent's last request (input 10 + output 5). */
export const SUBAGENT_TOKENS = 15;

/** The model an Agent call resolves to: its `model`, the agent file's (`inherit`: the parent's),
 * else the parent's. */
function resolveModel(input: AgentInput, def: AgentDefinition, ctx: ToolContext): string {
  const aliases = ctx.profile.agents?.modelAliases ?? {};
  const want = input.model ?? (def.model === 'inherit' ? undefined : def.model);
  if (want === undefined) return ctx.model;
  return aliases[want] ?? want;
}

function newAgentId(ctx: ToolContext): string {
  const n = ctx.conversation.nextId('agent').replace(/\D/g, '');
  return `a${n.padStart(16, '0')}`;
}

/** How deep subagents may nest here. The binary nests without a bound of its own that we could
 * find or record (a subagent that calls Agent with its own prompt runs until the oracle's kill
 * timeout); this bound is the playground's, so the deadline and memory budget are never what
 * ends such a chain. */
export const MAX_SUBAGENT_DEPTH = 8;

export async function runAgent(input: AgentInput, ctx: ToolContext): Promise<AgentOutcome> {
  if ((ctx.subagents?.depth() ?? 0) >= MAX_SUBAGENT_DEPTH) return { kind: 'too-deep', limit: MAX_SUBAGENT_DEPTH };
  const defs = await agentDefinitions(ctx);
  const type = input.subagent_type ?? 'general-purpose';
  // Names match ignoring case (agent-type-unknown: `explore`, `General-Purpose`).
  const def = defs.find((d) => d.name.toLowerCase() === type.toLowerCase()) ?? hidden(ctx, type);
  if (!def) return { kind: 'unknown-type', type, available: defs.map((d) => d.name) };
  const git = await isGitRepo(ctx);
  if (input.isolation === 'worktree' && !git) return { kind: 'no-worktree' };
  const offered = subagentTools(def, ctx.offered);
  const withheld: Record<string, string> = {};
  const suffix = ctx.profile.agents?.missingToolText;
  if (suffix)
    for (const t of ctx.offered)
      if (!offered.has(t))
        withheld[t] = `<tool_use_error>Error: No such tool available: ${t}. ${suffix(t)}</tool_use_error>`;
  const resolvedModel = resolveModel(input, def, ctx);
  const notes = offered.has('Agent') ? [agentListing(defs, ctx, resolvedModel, offered)] : [];
  const agentId = newAgentId(ctx);
  // Worktree isolation: the subagent works in .claude/worktrees/agent-<id>, removed when it ends
  // (only the folder that held it stays: agent-isolation-worktree-git-clean). The worktree is an
  // empty folder here, not a checkout: not recorded whether a subagent reads its copies.
  const worktree =
    input.isolation === 'worktree' ? `${ctx.ws.info.cwd}/.claude/worktrees/agent-${agentId}` : undefined;
  if (worktree) await ctx.ws.fs.mkdir(worktree, { recursive: true });
  const spec = {
    model: resolvedModel,
    prompt: input.prompt,
    agentType: def.name,
    offered,
    withheld,
    parentCallId: ctx.callId,
    firstNotes: notes,
    ...(worktree && { cwd: worktree, isolatedIn: worktree }),
  };
  // A subagent left with no tools never gets a scripted model call: the oracle answers it `ok`.
  const run = async () => {
    const r =
      offered.size === 0 || !ctx.subagents
        ? { text: 'ok', toolNames: [], scripted: false, newTools: [] }
        : await ctx.subagents.run(spec, ctx.signal);
    if (worktree) await ctx.ws.fs.rm(worktree, { recursive: true });
    return r;
  };
  // Agents run in the background unless the call says otherwise (both versions, every model
  // recorded: agent-bg-default-*).
  if (input.run_in_background !== false) {
    const outputFile = `${ctx.ws.info.tmp}/claude-0/${sanitizePath(ctx.ws.info.cwd)}/${sessionId(ctx.conversation)}/tasks/${agentId}.output`;
    const done = run();
    const hand = { agentId, description: input.description, outputFile };
    const note = async () => {
      const r = await done;
      return notification(ctx, { ...hand, report: r.text, toolNames: r.toolNames, newTools: r.newTools });
    };
    if (ctx.subagents && ctx.subagents.depth() > 0) {
      // A subagent's own background agent hands back to the main conversation at its end.
      let notes: ReturnType<typeof notification> = [];
      ctx.subagents.background(
        note().then((n) => (notes = n)),
        () => notes,
      );
    } else await backgroundAgentTask(ctx, hand, input.prompt, done, note);
    return {
      kind: 'launched',
      agentId,
      agentType: def.name,
      description: input.description,
      prompt: input.prompt,
      outputFile,
      resolvedModel,
    };
  }
  // A fork carries the parent's conversation, so the oracle answers it as the main conversation
  // past the end of its script (`done`), and no subagent script runs (agent-type-fork).
  const r =
    def.name === 'fork' ? { text: 'done', toolNames: [], scripted: false, newTools: [] } : await run();
  return {
    kind: 'completed',
    agentId,
    agentType: def.name,
    report: r.text,
    toolNames: r.toolNames,
    newTools: r.newTools,
    resolvedModel,
    oneShot: def.oneShot === true,
  };
}

/** Built-ins a version accepts but does not list (2.1.332: fork). */
function hidden(ctx: ToolContext, type: string): AgentDefinition | undefined {
  const name = (ctx.profile.agents?.hiddenTypes ?? []).find((t) => t.toLowerCase() === type.toLowerCase());
  return name === undefined
    ? undefined
    : { name, description: '', tools: '*', disallowed: [], source: 'built-in' };
}

async function isGitRepo(ctx: ToolContext): Promise<boolean> {
  for (let dir = ctx.ws.info.cwd; ; dir = dir.slice(0, dir.lastIndexOf('/')) || '/') {
    try {
      await ctx.ws.fs.stat(`${dir}/.git`);
      return true;
    } catch {
      if (dir === '/') return false;
    }
  }
}

export { toolsLabel };
