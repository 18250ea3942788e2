// Builds the permission engine for a replayed scenario. Kept apart from replay.ts so the engine
// can be swapped (and so the UI and the CLI wire it the same way).
import {
  callSandbox,
  sandboxEnabled,
  decide,
  offeredTools,
  readDeniedPaths,
  resolveMode,
  scriptedVerdict,
  validateRules,
  workingDirectories,
} from '../permissions';
import { getProfile } from '../profiles';
import type { PermissionBehaviour, PermissionContext, PermissionRequest, Settings } from '../permissions';
import { placeholders, substitute } from '../scenario/materialise';
import { applyUpdate, suggestUpdates } from './ask';
import type { SessionPermissions } from './permissions';
import type { PermissionSetup } from './replay';

const settings = (v: Record<string, unknown> | undefined): Settings | undefined => v as Settings | undefined;

/** `behaviour`: the replayed profile's permission switches (2.1.273's without a profile). */
export function permissionContext(
  setup: PermissionSetup,
  behaviour: PermissionBehaviour = setup.profile?.permissions ?? getProfile().permissions,
): PermissionContext {
  const { scenario: s, ws } = setup;
  const p = placeholders(ws);
  const sources = substitute(
    {
      managed: settings(s.managed_settings),
      user: settings(s.user_settings),
      project: settings(s.settings),
      local: settings(s.settings_local),
    },
    p,
  );
  return {
    mode: s.mode === null ? resolveMode(null, sources) : setup.mode,
    cwd: ws.info.cwd,
    home: ws.info.home,
    tmp: ws.info.tmp,
    trusted: s.trust === true,
    gitRepo: s.git === true,
    sources,
    cli: {
      allowedTools: s.allowedTools,
      disallowedTools: s.disallowedTools,
      tools: setup.toolsFlag,
      addDirs: s.addDirs ? substitute(s.addDirs, p) : undefined,
    },
    classifier: scriptedVerdict(s.classifier, s.classifier_server, behaviour),
    behaviour,
    env: s.env
      ? Object.fromEntries(Object.entries(s.env).filter((e): e is [string, string] => e[1] !== null))
      : undefined,
    realpath: async (path) => {
      try {
        return await ws.fs.realpath(path);
      } catch {
        return null;
      }
    },
  };
}

export function createPermissions(setup: PermissionSetup): SessionPermissions {
  const ctx = permissionContext(setup);
  const permissions: SessionPermissions = {
    mode: ctx.mode,
    decide: (req: Parameters<SessionPermissions['decide']>[0]) => decide(req as PermissionRequest, ctx),
    offered: (all: readonly string[]) => offeredTools(all, ctx),
    /** The deny checks Read, Edit and Write make first in their input validation (for requests
     * that carry `validation`); the session should call it before the tool's own validate. */
    precheck: (req: Parameters<SessionPermissions['decide']>[0]) =>
      validateRules(req as PermissionRequest, ctx),
    suggest: (req, decision, rules) => suggestUpdates(req, decision, ctx, rules),
    apply: (update) => applyUpdate(ctx, update),
    readDenied: (batch) => readDeniedPaths(batch, ctx),
    workingDirectories: () => workingDirectories(ctx),
    sandbox: (command: string, dangerouslyDisableSandbox: boolean) =>
      callSandbox(ctx, (ctx.behaviour ?? getProfile().permissions).sandbox, command, dangerouslyDisableSandbox) ?? null,
    sandboxEnabled: () => sandboxEnabled(ctx, (ctx.behaviour ?? getProfile().permissions).sandbox),
  };
  return permissions;
}
