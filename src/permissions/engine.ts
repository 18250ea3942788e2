// The permission engine's entry points: decide() for one tool call, offeredTools() for the
// tool list at start. Order, as Claude Code 2.1.273 applies it: bare tool deny, the tool's own
// validation-time deny checks, bare tool ask, the tool's check (deny > ask rule > allow),
// then the mode: bypassPermissions allows, a bare allow rule allows, dontAsk denies what would
// prompt, auto and plan hand it to the safety classifier, default and acceptEdits prompt
// (in -p mode: refused and listed in permission_denials).
import { checkBash } from './bash';
import { bashBypass } from './bypass';
import { checkPowerShell } from './powershell';
import type { Check, Env } from './check';
import { flags, modeRef, ruleRef } from './check';
import { checkRead, checkWrite, validationDeny } from './files';
import * as msg from './messages';
import { normalizePath } from './paths';
import { bareRule } from './rules';
import { makeEnv } from './ruleset';
import { contextSandbox, placement, sandboxNote, sandboxPolicy } from './sandbox';
import type { Decision, DenialTally, OfferedTools, PermissionContext, PermissionRequest } from './types';

/** The path gaps (Check.pathGaps) of each decision made, for decide() to drop beside a bypass mark. */
const pathGapsOf = new WeakMap<Decision, ReadonlySet<string>>();

/** Marks a refusal that came from the classifier; `unchecked`: it gave no verdict. */
function classified(d: Decision, unchecked: boolean): Decision {
  if (!d.permissionDenial) return d;
  const out: Decision = { ...d, classified: true, ...(unchecked && { classifierUnchecked: true as const }) };
  const gaps = pathGapsOf.get(d);
  if (gaps) pathGapsOf.set(out, gaps);
  return out;
}

/** A bypass mark and a known gap that goes around the same kind of rule (Read or Edit deny) tell
 * the same story: the mark, which names the construct and the path, is kept. */
function dropPathGaps(d: Decision): void {
  const gaps = pathGapsOf.get(d);
  if (!gaps) return;
  if (d.knownGap !== undefined && gaps.has(d.knownGap)) delete d.knownGap;
  for (const sub of d.subcommands ?? [])
    if (sub.decision.knownGap !== undefined && gaps.has(sub.decision.knownGap)) delete sub.decision.knownGap;
}

/** Turns a check into the Decision the session acts on. */
function finish(c: Check, tool: string): Decision {
  const d: Decision = { behavior: c.behavior, reason: c.reason };
  if (c.rule) d.rule = c.rule;
  if (c.subcommands) d.subcommands = c.subcommands;
  // A gap only matters when the call goes through.
  if (c.knownGap && c.behavior === 'allow') d.knownGap = c.knownGap;
  if (c.sandbox) d.sandbox = c.sandbox;
  if (c.safety && c.behavior === 'ask') d.safety = true;
  if (c.pathGaps) pathGapsOf.set(d, c.pathGaps);
  if (c.behavior !== 'allow') {
    d.message = c.message ?? (c.behavior === 'deny' ? msg.toolDenied(tool) : msg.askTool(tool));
    d.structured = msg.structuredError(d.message);
    d.permissionDenial = true;
  }
  return d;
}

const firstPath = (req: PermissionRequest, ctx: PermissionContext) => normalizePath(req.paths[0] ?? ctx.cwd);

/** The tool's own check, under env.mode, with no mode transform applied yet. */
async function toolCheck(env: Env, req: PermissionRequest): Promise<Check> {
  const { ctx } = env;
  switch (req.kind) {
    case 'read':
    case 'write': {
      const paths = req.paths.length > 0 ? req.paths.map(normalizePath) : [normalizePath(ctx.cwd)];
      let asked: Check | undefined;
      let allowed: Check | undefined;
      for (const p of paths) {
        const c = req.kind === 'read' ? await checkRead(env, p) : await checkWrite(env, p);
        if (c.behavior === 'deny') return c;
        if (c.behavior === 'ask' && (!asked || (c.ruleAsk && !asked.ruleAsk))) asked = c;
        if (c.behavior === 'allow') allowed ??= c;
      }
      return asked ?? allowed ?? { behavior: 'allow', reason: 'no paths' };
    }
    case 'bash':
      return checkBash(
        env,
        req.command ?? '',
        req.shellCwd === undefined ? undefined : normalizePath(req.shellCwd),
        req.shellEnv,
      );
    case 'powershell':
      return checkPowerShell(env, req.command ?? '', req.pwsh === true);
    case 'other':
      return otherCheck(env, req);
  }
}

/** Tools without path or command semantics: only bare rules and WebFetch domains apply. */
function otherCheck(env: Env, req: PermissionRequest): Check {
  if (req.tool === 'Skill' && req.skill) return skillCheck(env, req.skill);
  if (req.tool === 'WebFetch') {
    const c = webFetchCheck(env, req);
    if (c) return c;
  }
  if (
    req.noPrompt &&
    !(
      (env.ctx.mode === 'plan' || env.ctx.mode === 'auto') &&
      env.behaviour.modeClassifiedTools[env.ctx.mode].includes(req.tool)
    )
  )
    return { behavior: 'allow', reason: `${req.tool} asks no permission` };
  return { behavior: 'ask', reason: `no rule allows ${req.tool}` };
}

/** Skill(<name>) rules decide a skill; one without them loads without a prompt unless its
 * frontmatter gives it tools (allowed-tools), which asks (skill-default-mode-frontmatter,
 * skill-deny-rule). Other frontmatter fields that may ask are not recorded. */
function skillCheck(env: Env, skill: { name: string; asks: boolean }): Check {
  const rule = (behavior: 'deny' | 'allow') =>
    env.rules.find((r) => r.tool === 'Skill' && r.behavior === behavior && r.content === skill.name);
  const deny = rule('deny');
  if (deny)
    return {
      behavior: 'deny',
      reason: `${deny.text} denies this skill`,
      message: 'Skill execution blocked by permission rules',
      rule: ruleRef(deny),
    };
  const allow = rule('allow');
  if (allow) return { behavior: 'allow', reason: `allowed by ${allow.text}`, rule: ruleRef(allow) };
  if (!skill.asks)
    return { behavior: 'allow', reason: 'a skill without allowed-tools loads without a prompt' };
  const hint = env.behaviour.skillAllowRuleHint
    ? `. The user can add the allow rule Skill(${skill.name}) to .claude/settings.local.json to let it run without asking.`
    : '';
  const message = `Execute skill: ${skill.name}${hint}`;
  return {
    behavior: 'ask',
    reason: 'the skill gives itself tools (allowed-tools)',
    message,
    // 2.1.332's don't-ask refusal goes on with the prompt's text; 2.1.273's does not.
    ...(hint !== '' ? { dontAskDetail: message } : {}),
  };
}

/** WebFetch(domain:…) rules on the URL's host, deny before ask before allow, then the
 * preapproved documentation hosts; a rule beats the preapproved list (web-rule-deny-*: a deny
 * on docs.python.org refuses it, web-rule-ask-*: an ask prompts for it even in
 * bypassPermissions). Undefined: nothing names the host, the mode decides. */
function webFetchCheck(env: Env, req: PermissionRequest): Check | undefined {
  const raw = (req.input as { url?: unknown } | null)?.url;
  let url: URL | undefined;
  try {
    url = typeof raw === 'string' ? new URL(raw) : undefined;
  } catch {
    url = undefined;
  }
  if (!url) return undefined;
  const host = url.hostname;
  for (const behavior of ['deny', 'ask', 'allow'] as const) {
    const r = env.rules.find(
      (x) =>
        x.tool === 'WebFetch' &&
        x.behavior === behavior &&
        x.content?.startsWith('domain:') &&
        domainMatches(x.content.slice(7), host),
    );
    if (!r) continue;
    if (behavior === 'deny')
      return {
        behavior: 'deny',
        reason: `${r.text} denies ${host}`,
        message: `WebFetch denied access to domain:${host}.`,
        rule: ruleRef(r),
      };
    if (behavior === 'ask')
      return {
        behavior: 'ask',
        ruleAsk: true,
        reason: `${r.text} asks before fetching ${host}`,
        rule: ruleRef(r),
      };
    return { behavior: 'allow', reason: `allowed by ${r.text}`, rule: ruleRef(r) };
  }
  const path = url.pathname;
  const pre = env.behaviour.webPreapproved.find((e) => {
    const slash = e.indexOf('/');
    if (slash < 0) return e === host;
    const prefix = e.slice(slash);
    return e.slice(0, slash) === host && (path === prefix || path.startsWith(`${prefix}/`));
  });
  if (pre) return { behavior: 'allow', reason: `${pre} is a preapproved documentation site` };
  return undefined;
}

/** `domain:example.com` covers that host (any case, web-rule-url-forms); `domain:*.example.com`
 * its subdomains but not example.com itself (web-rule-wildcard). */
function domainMatches(pattern: string, host: string): boolean {
  const p = pattern.toLowerCase();
  const h = host.toLowerCase();
  if (p.startsWith('*.')) return h.endsWith(p.slice(1));
  return h === p;
}

/** The rule family a call belongs to, as 2.1.332 names it in a classifier refusal. */
const RULE_FAMILY: Record<PermissionRequest['kind'], string | undefined> = {
  read: 'Read',
  write: 'Edit',
  bash: 'Bash',
  // Not recorded: a classifier refusal of PowerShell in 2.1.332 (taken as naming the tool).
  powershell: undefined,
  other: undefined,
};

/** Claude Code's denial tracking in auto and plan mode: once the classifier has blocked 3 calls
 * in a row, or 20 in the session, a blocked call is put to the person instead (in -p mode: the
 * prompt's own text). Reaching the total starts both counts again; only the classifier's allow,
 * a reading tool's pass and, in auto mode, any allowed call end a run (2.1.273 and 2.1.332). */
const DENIAL_LIMIT = { consecutive: 3, total: 20 };

/** The session's tally, kept on the context (one per conversation). */
function denials(ctx: PermissionContext): DenialTally {
  ctx.denials ??= { consecutive: 0, total: 0 };
  return ctx.denials;
}

/** `safety`: the call asked because of the write safety check, which no rule can lift.
 * `blocked`: the classifier itself refused (not a missing verdict). */
function classify(env: Env, req: PermissionRequest, safety = false): Check & { blocked?: boolean } {
  const tool = req.tool;
  const { ctx, behaviour } = env;
  const v = ctx.classifier;
  if (v === undefined) {
    const message =
      behaviour.classifierUnavailableWording === 'unavailable'
        ? msg.classifierUnavailable(tool)
        : msg.CLASSIFIER_UNAVAILABLE;
    return {
      behavior: 'deny',
      ...(behaviour.unavailableCountsAsDenial ? { blocked: true } : {}),
      message,
      reason: 'the auto-mode classifier gave no verdict, so the call is blocked',
      rule: modeRef(ctx.mode),
    };
  }
  if (!flags(v))
    return {
      behavior: 'allow',
      reason: `the auto-mode classifier allowed this ${tool} call`,
      rule: modeRef(ctx.mode),
    };
  const category = typeof v === 'object' && v.category ? v.category : msg.DEFAULT_CLASSIFIER_CATEGORY;
  const explanation = typeof v === 'object' ? v.explanation : undefined;
  const reason = behaviour.classifierReason === 'explanation' && explanation ? explanation : `[${category}]`;
  return {
    behavior: 'deny',
    blocked: true,
    message: msg.classifierBlocked(
      reason,
      behaviour.classifierRuleHint === 'rule-family'
        ? // 2.1.332 suggests no rule for a sensitive write (a rule would not lift it).
          safety
          ? null
          : `a permission rule for ${RULE_FAMILY[req.kind] ?? tool}`
        : undefined,
    ),
    reason: `the auto-mode classifier blocked this ${tool} call (${category})`,
    rule: modeRef(ctx.mode),
  };
}

/** Validation-time deny checks of Read, Edit and Write (they run before the tool's other
 * input checks, so the session may call this first; decide() includes it). */
export function validateRules(req: PermissionRequest, ctx: PermissionContext): Decision | undefined {
  if (!req.validation) return undefined;
  const c = validationDeny(makeEnv(ctx), req.validation, firstPath(req, ctx));
  return c && finish(c, req.tool);
}

export async function decide(req: PermissionRequest, ctx: PermissionContext): Promise<Decision> {
  const d = await decideCall(req, ctx);
  if (req.kind === 'bash' && !req.rulesOnly) {
    const shellCwd = req.shellCwd === undefined ? undefined : normalizePath(req.shellCwd);
    const bypass = await bashBypass(makeEnv(ctx), req.command ?? '', shellCwd, d);
    if (bypass) {
      d.bypass = bypass;
      dropPathGaps(d);
    }
  }
  // A command let through runs in the shell, whose environment Claude Code knows from then on.
  if (req.kind === 'bash' && d.behavior === 'allow' && !req.rulesOnly) ctx.shellStarted = true;
  // Auto mode ends a run of classifier refusals at any call it lets through; plan mode only at
  // the classifier's own allow and a reading tool's pass (see DENIAL_LIMIT).
  if (ctx.mode === 'auto' && d.behavior === 'allow' && !req.rulesOnly && ctx.denials)
    ctx.denials.consecutive = 0;
  return d;
}

async function decideCall(req: PermissionRequest, ctx: PermissionContext): Promise<Decision> {
  const env = makeEnv(ctx);
  const bareDeny = bareRule(env.rules, req.tool, 'deny');
  if (bareDeny)
    return finish(
      { behavior: 'deny', reason: `${bareDeny.text} denies the whole tool`, rule: ruleRef(bareDeny) },
      req.tool,
    );
  if (req.validation) {
    const v = validationDeny(env, req.validation, firstPath(req, ctx));
    if (v) return finish(v, req.tool);
  }
  const bareAsk = bareRule(env.rules, req.tool, 'ask');
  // A Bash prompt names what the command's own check refuses (a path, a construct), judged as in
  // default mode even under bypassPermissions; a prompt that only says approval is needed does
  // not (difftest probes, both versions: `echo hi > out.txt`, `rm x.tmp`, `echo $(ls)` under
  // `"ask": ["Bash"]`; `ls && ./tool.sh` gives the tool's text; acceptEdits lets the write pass).
  const own =
    bareAsk && (req.kind === 'bash' || req.paths.length > 0)
      ? await toolCheck(
          req.kind === 'bash' && env.mode === 'bypassPermissions' ? { ...env, mode: 'default' } : env,
          req,
        )
      : undefined;
  // The tool's own deny rules win over a bare ask rule: `rm x.tmp && echo a` under deny
  // Bash(rm *) and ask Bash, Grep on a file a Read rule denies under ask Grep (perm-bare-ask-deny-wins).
  if (own?.behavior === 'deny') return finish(withMode(ctx, own, req), req.tool);
  // A reading tool's prompt names the path when the path itself would ask (outside the working
  // directories, no rule allowing it), and the tool otherwise (perm-bare-rules probe, both
  // versions: `"ask": ["Read"]` gives "… to use Read" inside the project, "… to read from <path>"
  // outside).
  const pathAsk = req.kind === 'read' ? own : undefined;
  const bashAsk = req.kind === 'bash' ? own : undefined;
  if (bareAsk)
    return finish(
      withMode(
        ctx,
        {
          behavior: 'ask',
          ruleAsk: true,
          reason: `${bareAsk.text} asks before every call`,
          rule: ruleRef(bareAsk),
          // A file-writing tool's prompt names the file (agent-perm-ask-edit: "Edit" asks).
          ...(req.kind === 'write' && req.paths.length > 0 && { message: msg.askWrite(firstPath(req, ctx)) }),
          ...(pathAsk?.behavior === 'ask' && pathAsk.message !== undefined && { message: pathAsk.message }),
          ...(bashAsk?.behavior === 'ask' &&
            bashAsk.message !== undefined &&
            !msg.isGenericBashAsk(bashAsk.message) && { message: bashAsk.message }),
        },
        req,
      ),
      req.tool,
    );

  const checked = await toolCheck(env, req);
  const c = req.kind === 'bash' ? sandboxCheck(env, req, checked) : checked;
  if (c.behavior !== 'ask' || c.ruleAsk) return finish(withMode(ctx, c, req), req.tool);

  // A passthrough ask: the mode and the bare allow rules decide.
  if (ctx.mode === 'bypassPermissions')
    return finish(
      {
        ...c,
        behavior: 'allow',
        reason: `bypassPermissions mode (${c.reason})`,
        rule: modeRef('bypassPermissions'),
      },
      req.tool,
    );
  // A bare allow rule approves whatever would prompt, in dontAsk too (Claude Code checks it
  // before the mode turns a prompt into a refusal); plan and auto mode send Bash on to their
  // own checks; no bare allow lifts the write safety check.
  const bareAllow =
    c.safety || (req.kind === 'bash' && (ctx.mode === 'plan' || ctx.mode === 'auto'))
      ? undefined
      : bareRule(env.rules, req.tool, 'allow');
  if (bareAllow)
    return finish(
      { ...c, behavior: 'allow', reason: `allowed by ${bareAllow.text}`, rule: ruleRef(bareAllow) },
      req.tool,
    );
  if (req.rulesOnly) return finish(c, req.tool);
  if (ctx.mode === 'auto' || ctx.mode === 'plan') {
    // Reading tools never go to the classifier; in auto mode neither does what acceptEdits
    // would allow (2.1.273).
    if (req.kind === 'read') {
      denials(ctx).consecutive = 0;
      return finish(
        {
          ...c,
          behavior: 'allow',
          reason: `${ctx.mode} mode allows read-only tools`,
          rule: modeRef(ctx.mode),
        },
        req.tool,
      );
    }
    if (ctx.mode === 'auto' && env.behaviour.autoAcceptEditsFastPath) {
      const asAcceptEdits = await toolCheck(makeEnv(ctx, 'acceptEdits'), req);
      if (asAcceptEdits.behavior === 'allow')
        return finish(
          {
            ...asAcceptEdits,
            reason: `auto mode allows what acceptEdits allows (${asAcceptEdits.reason})`,
            rule: modeRef('auto'),
          },
          req.tool,
        );
    }
    const verdict = classify(env, req, c.safety);
    // No verdict, whether refused or (past the denial limit) put to the person.
    const unchecked = ctx.classifier === undefined;
    const tally = denials(ctx);
    if (verdict.behavior === 'allow') tally.consecutive = 0;
    else if (verdict.blocked) {
      tally.consecutive += 1;
      tally.total += 1;
      const limit = tally.consecutive >= DENIAL_LIMIT.consecutive || tally.total >= DENIAL_LIMIT.total;
      if (tally.total >= DENIAL_LIMIT.total) Object.assign(tally, { consecutive: 0, total: 0 });
      if (limit)
        return classified(
          finish(
            {
              ...c,
              reason: `the classifier blocked this call, and too many calls were blocked (${c.reason}), so it is put to the person`,
            },
            req.tool,
          ),
          unchecked,
        );
    }
    return classified(
      finish(
        {
          ...verdict,
          ...(c.subcommands ? { subcommands: c.subcommands } : {}),
          ...(c.knownGap ? { knownGap: c.knownGap } : {}),
          ...(c.pathGaps ? { pathGaps: c.pathGaps } : {}),
        },
        req.tool,
      ),
      unchecked,
    );
  }
  return finish(withMode(ctx, c, req), req.tool);
}

/** The prompt a call asking to leave the sandbox gets (sandbox-default-*, both versions). */
export const RUN_OUTSIDE_SANDBOX = 'Run outside of the sandbox';

/** The sandbox's part in a Bash decision (settings `sandbox.*`, the version's table): a call that
 * asks to run outside it (dangerouslyDisableSandbox) prompts, and where the version honours
 * autoAllowBashIfSandboxed a sandboxed command that would prompt runs without asking. Rule
 * denials and ask rules stay as they are (not recorded with the sandbox on: taken as without). */
function sandboxCheck(env: Env, req: PermissionRequest, c: Check): Check {
  const { ctx } = env;
  const table = env.behaviour.sandbox;
  const settings = contextSandbox(ctx, table);
  if (!settings.enabled) return c;
  const dds =
    (req.input as { dangerouslyDisableSandbox?: unknown } | null)?.dangerouslyDisableSandbox === true;
  const command = req.command ?? '';
  const policy = sandboxPolicy(settings, table, {
    cwd: ctx.cwd,
    home: ctx.home,
    tmp: ctx.tmp ?? `${ctx.home}/tmp`,
  });
  const sandbox = sandboxNote(settings, policy, command, dds);
  const where = placement(settings, command, dds);
  const noted = { ...c, ...(sandbox ? { sandbox } : {}) };
  if (c.behavior === 'deny' || c.ruleAsk) return noted;
  // A command that runs outside the sandbox anyway (excludedCommands) asks nothing more for
  // dangerouslyDisableSandbox (sandbox-dds-readonly-*-excluded, all three releases).
  if (!where.sandboxed && dds && placement(settings, command, false).sandboxed) {
    // The write safety check asks before the call may leave the sandbox (sandbox-dds-sensitive-*,
    // all three releases: `echo hi > .claude/z.txt` gets the sensitive-file prompt).
    if (c.safety === true && c.behavior === 'ask') return noted;
    const leave: Check = {
      ...noted,
      behavior: 'ask',
      message: RUN_OUTSIDE_SANDBOX,
      reason: `the call asks to run outside the sandbox (dangerouslyDisableSandbox)${c.behavior === 'ask' ? `; ${c.reason}` : ''}`,
    };
    // 2.1.273 keeps a refusal that says why (a path outside the working directories) and asks
    // to leave in place of the generic prompt (sandbox-dds-readonly-default: `git add -A`).
    if (table.unsandboxedAsk === 'first' || c.behavior === 'allow' || c.message === msg.BASH_NEEDS_APPROVAL)
      return leave;
    return noted;
  }
  if (where.sandboxed && settings.autoAllow && c.behavior === 'ask')
    return {
      ...noted,
      behavior: 'allow',
      safety: false,
      reason: `autoAllowBashIfSandboxed: the command runs in the sandbox without a prompt (${c.reason})`,
    };
  return noted;
}

/** dontAsk turns every prompt into a refusal with its own text. */
function withMode(ctx: PermissionContext, c: Check, req: PermissionRequest): Check {
  if (c.behavior === 'ask' && ctx.mode === 'dontAsk') {
    return {
      ...c,
      behavior: 'deny',
      message: msg.dontAskDenied(req.tool) + (c.dontAskDetail !== undefined ? ` ${c.dontAskDetail}` : ''),
      reason: `don't-ask mode refuses what would prompt (${c.reason})`,
      rule: modeRef('dontAsk'),
    };
  }
  return c;
}

const SEARCH_TOOLS = ['Glob', 'Grep'];

/** The tools the model is offered: --tools restricts the set, a bare deny rule (settings or
 * --disallowedTools) removes a tool, and Glob/Grep stay out unless opted in (named in --tools
 * or --allowedTools, or CLAUDE_CODE_ENTRYPOINT=local-agent). */
export function offeredTools(allTools: readonly string[], ctx: PermissionContext): OfferedTools {
  const env = makeEnv(ctx);
  const named = (list: readonly string[] | null | undefined, tool: string) =>
    (list ?? []).some((t) => {
      const open = t.indexOf('(');
      return (open === -1 ? t.trim() : t.slice(0, open).trim()) === tool;
    });
  const searchOptIn =
    SEARCH_TOOLS.some((t) => named(ctx.cli.tools, t) || named(ctx.cli.allowedTools, t)) ||
    ctx.env?.CLAUDE_CODE_ENTRYPOINT === 'local-agent';
  const offered: string[] = [];
  const removed: Record<string, string> = {};
  for (const tool of allTools) {
    // A tool --tools leaves out is "disabled", both versions (agent-not-offered, agent-tools-only-agent).
    if (ctx.cli.tools && !ctx.cli.tools.includes(tool))
      removed[tool] = msg.toolDisabled(tool, env.behaviour.disabledToolTail);
    else if (bareRule(env.rules, tool, 'deny'))
      removed[tool] = msg.toolDisabled(tool, env.behaviour.disabledToolTail);
    else if (SEARCH_TOOLS.includes(tool) && !searchOptIn) removed[tool] = msg.searchToolGated(tool);
    else offered.push(tool);
  }
  return { offered, removed };
}
