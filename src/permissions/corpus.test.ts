// Replays the permission side of every recorded scenario through the engine, for each recorded
// version: each call the binary refused on permission grounds (listed in permission_denials, or
// withheld from the tool list) must get exactly the recorded text; every other call must be
// allowed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../tools/registry';
import type { ToolContext } from '../tools/types';
import { decide, offeredTools, resolveMode, scriptedVerdict } from './index';
import { PERMISSIONS_2_1_273 } from '../profiles/2.1.273/permissions';
import { PERMISSIONS_2_1_332 } from '../profiles/2.1.332/permissions';
import type { Mode, PermissionBehaviour, PermissionContext, PermissionRequest, Settings } from './types';

const ROOT = '/r';
const CWD = `${ROOT}/project`;
const HOME = `${ROOT}/home`;
const CONFORMANCE = join(import.meta.dirname, '../../conformance');
const SEVEN = ['Bash', 'Read', 'Edit', 'Write', 'NotebookEdit', 'Glob', 'Grep'];

const sub = (s: string) =>
  s
    .replaceAll('$CWD', CWD)
    .replaceAll('$HOME', HOME)
    .replaceAll('$TMP', `${ROOT}/tmp`)
    .replaceAll('$ROOT', ROOT);
const subDeep = <T>(v: T): T => JSON.parse(sub(JSON.stringify(v))) as T;

interface Scenario {
  id: string;
  area?: string;
  files?: Record<string, unknown>;
  settings?: Settings;
  settings_local?: Settings;
  user_settings?: Settings;
  trust?: boolean;
  mode?: Mode | null;
  tools?: string[] | null;
  allowedTools?: string[];
  disallowedTools?: string[];
  addDirs?: string[];
  classifier?: 'allow' | 'block' | { severity: number; category?: string };
  classifier_server?: 'unsupported';
  env?: Record<string, string>;
  turns: ({ name?: string; input?: Record<string, unknown> } & Record<string, unknown>)[][];
}

interface Result {
  turns: {
    calls: {
      id: string;
      tool: string;
      input: Record<string, unknown>;
      is_error: boolean;
      content: unknown;
    }[];
  }[];
  permission_denials?: { tool_use_id: string }[];
}

function context(s: Scenario, behaviour: PermissionBehaviour): PermissionContext {
  const sources = { project: s.settings, local: s.settings_local, user: s.user_settings };
  const symlinks = new Map<string, string>();
  for (const [rel, spec] of Object.entries(s.files ?? {})) {
    if (spec && typeof spec === 'object' && 'symlink' in spec)
      symlinks.set(`${CWD}/${rel}`, String((spec as { symlink: unknown }).symlink));
  }
  return {
    mode: s.mode === null ? resolveMode(null, sources) : (s.mode ?? 'bypassPermissions'),
    cwd: CWD,
    home: HOME,
    trusted: s.trust === true,
    sources,
    cli: {
      allowedTools: s.allowedTools,
      disallowedTools: s.disallowedTools,
      tools: s.tools === undefined ? SEVEN : s.tools,
      addDirs: s.addDirs,
    },
    classifier: scriptedVerdict(s.classifier, s.classifier_server, behaviour),
    behaviour,
    env: s.env,
    realpath: (p) => {
      const t = symlinks.get(p);
      return Promise.resolve(
        t === undefined ? p : t.startsWith('/') ? t : `${p.slice(0, p.lastIndexOf('/'))}/${t}`,
      );
    },
  };
}

const TOOL_CONTEXT = { conversation: { cwd: CWD }, ws: { info: { home: HOME } } } as unknown as ToolContext;

const expand = (p: unknown) =>
  typeof p === 'string' ? (p.startsWith('~/') ? `${HOME}/${p.slice(2)}` : p) : undefined;

function request(tool: string, input: Record<string, unknown>, mode?: Mode | null): PermissionRequest {
  switch (tool) {
    case 'Agent':
      // As src/tools/agent asks: nothing to check, but plan mode puts it to the classifier.
      return { tool, kind: mode === 'plan' ? 'other' : 'read', paths: [], input };
    case 'Read':
      return { tool, kind: 'read', paths: [expand(input.file_path) ?? ''], input, validation: 'read' };
    case 'Write':
      return { tool, kind: 'write', paths: [expand(input.file_path) ?? ''], input, validation: 'write' };
    case 'Edit':
      return { tool, kind: 'write', paths: [expand(input.file_path) ?? ''], input, validation: 'edit' };
    case 'NotebookEdit':
      return { tool, kind: 'write', paths: [expand(input.notebook_path) ?? ''], input };
    case 'Bash':
      return {
        tool,
        kind: 'bash',
        paths: [],
        command: typeof input.command === 'string' ? input.command : '',
        input,
      };
    default: {
      // The tool's own request: the other tools read only the working folder and the home from
      // the context (Glob and Grep resolve their path against them).
      const t = ALL_TOOLS.find((x) => x.name === tool);
      return t ? t.permissionRequest(input as never, TOOL_CONTEXT) : { tool, kind: 'other', paths: [], input };
    }
  }
}

function hasHooks(scenario: Scenario): boolean {
  const sources = [scenario.settings, scenario.settings_local, scenario.user_settings] as unknown[];
  return sources.some((s) => typeof s === 'object' && s !== null && Object.hasOwn(s, 'hooks'));
}

const ids = readdirSync(join(CONFORMANCE, 'scenarios'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));

/** Scenarios conformance/known-failures.txt lists for a version on memfs: their divergence is
 * accepted there, with its reason. */
const listed = new Set(
  readFileSync(join(CONFORMANCE, 'known-failures.txt'), 'utf8')
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => l.split(' ').slice(0, 3).join(' ')),
);

const VERSIONS: [string, PermissionBehaviour][] = [
  ['2.1.273', PERMISSIONS_2_1_273],
  ['2.1.332', PERMISSIONS_2_1_332],
];

describe.each(VERSIONS)('recorded permission outcomes (%s)', (version, behaviour) => {
  for (const id of ids) {
    if (!existsSync(join(CONFORMANCE, 'results', version, `${id}.json`))) continue;
    const scenario = subDeep(
      JSON.parse(readFileSync(join(CONFORMANCE, 'scenarios', `${id}.json`), 'utf8')) as Scenario,
    );
    const result = subDeep(
      JSON.parse(readFileSync(join(CONFORMANCE, 'results', version, `${id}.json`), 'utf8')) as Result,
    );
    const calls = result.turns.flatMap((t) => t.calls);
    if (calls.length === 0) continue;
    // Outside the permission area only 2.1.273 is replayed: 2.1.332 also lists some tool
    // refusals (a Write to a symlink) as permission denials, which the tools own.
    if (version !== '2.1.273' && scenario.area !== 'permissions') continue;
    // Hooks decide before and after the rules (src/hooks): those outcomes are the replay's to
    // match (the conformance ratchet), not the permission engine's alone.
    if (hasHooks(scenario)) continue;
    // Skill's request comes from the skill's own files (allowed-tools), which only the tool reads:
    // src/tools/skill and the replay check those.
    if (calls.some((c) => c.tool === 'Skill')) continue;
    // PowerShell's request says whether pwsh is on PATH, which the tool finds in the workspace
    // and the CLAUDE_CODE_USE_POWERSHELL_TOOL setting offers it: the replay checks those
    // (src/tools/powershell, the conformance ratchet).
    if (calls.some((c) => c.tool === 'PowerShell')) continue;
    // A scenario the list accepts may diverge here too; the ratchet keeps it failing as listed.
    const accepted = listed.has(`${version} memfs ${id}`);
    it(id, async () => {
      const ctx = context(scenario, behaviour);
      const { removed } = offeredTools(SEVEN, ctx);
      const denied = new Set((result.permission_denials ?? []).map((d) => d.tool_use_id));
      const got: unknown[] = [];
      const want: unknown[] = [];
      for (const c of calls) {
        if (removed[c.tool] !== undefined) {
          got.push({ id: c.id, content: removed[c.tool] });
          want.push({ id: c.id, content: c.is_error ? c.content : 'offered' });
          continue;
        }
        const d = await decide(request(c.tool, c.input, scenario.mode), ctx);
        if (denied.has(c.id)) {
          got.push({
            id: c.id,
            behavior: d.behavior === 'allow' ? 'allow' : 'refused',
            content: d.message,
            denial: d.permissionDenial,
          });
          want.push({ id: c.id, behavior: 'refused', content: c.content, denial: true });
        } else if (c.is_error && d.behavior !== 'allow' && c.content !== d.message) {
          // The tool refused before the permission check (e.g. an Edit of an unread file
          // outside the project): the recording says nothing about the decision.
          continue;
        } else {
          got.push({
            id: c.id,
            behavior: d.behavior,
            content: d.behavior === 'allow' ? undefined : d.message,
          });
          want.push({ id: c.id, behavior: 'allow', content: undefined });
        }
      }
      if (!accepted || JSON.stringify(got) === JSON.stringify(want)) expect(got).toEqual(want);
    });
  }
});
