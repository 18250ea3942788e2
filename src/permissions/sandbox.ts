// The Bash sandbox (settings `sandbox.*`): which calls run inside it, what it lets them write,
// and the refusal a write outside it gets. Claude Code runs a sandboxed command under
// bubblewrap (Linux) or Seatbelt (macOS); the playground's shells have no such layer, so the
// policy is checked on the paths the command analysis knows a command writes (redirections,
// recognised file commands) before it runs. What an interpreter opens itself (python3 -c,
// node -e) is not seen: such a write goes through here (emulated, see sandboxViolation).
import { isInside, normalizePath, resolvePath } from './paths';
import { analyze, type Unit } from './shell/analyze';
import type { Word } from './shell/commands';
import { EXTRA_WRITERS, extraWrites, FILE_COMMANDS, fileArgs } from './shell/commands';
import { parseCommand, simpleCommands, type ScriptNode } from './shell/parse';
import type { PermissionContext, SandboxNote, SandboxTable, Settings, SettingsSource } from './types';

/** The `sandbox` block of the settings in force. */
export interface SandboxSettings {
  enabled: boolean;
  /** autoAllowBashIfSandboxed: a sandboxed command runs without a prompt. */
  autoAllow: boolean;
  /** allowUnsandboxedCommands: dangerouslyDisableSandbox is honoured (default true). */
  allowUnsandboxed: boolean;
  excludedCommands: string[];
  allowWrite: string[];
  denyWrite: string[];
  denyRead: string[];
  /** filesystem.allowRead: re-exposes, read-only, a path inside a denyRead folder. */
  allowRead: string[];
  allowedDomains: string[];
}

const obj = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);

/** Later sources win: user, project, local, managed (project and local settings were recorded
 * to turn the sandbox on, sandbox-project-settings). */
const ORDER: readonly SettingsSource[] = ['user', 'project', 'local', 'managed'];

const fromUserSettings = (p: string): string =>
  p.startsWith('/') || p.startsWith('~') ? p : `~/.claude/${p.replace(/^\.\//, '')}`;

export function sandboxSettings(
  sources: Partial<Record<SettingsSource, Settings | undefined>>,
  table: SandboxTable,
): SandboxSettings {
  let enabled: boolean | undefined;
  let autoAllow: boolean | undefined;
  let allowUnsandboxed: boolean | undefined;
  const lists = {
    excludedCommands: [] as string[],
    allowWrite: [] as string[],
    denyWrite: [] as string[],
    denyRead: [] as string[],
    allowRead: [] as string[],
    allowedDomains: [] as string[],
  };
  for (const s of ORDER) {
    const sb = obj(sources[s]?.sandbox);
    enabled = bool(sb.enabled) ?? enabled;
    autoAllow = bool(sb.autoAllowBashIfSandboxed) ?? autoAllow;
    allowUnsandboxed = bool(sb.allowUnsandboxedCommands) ?? allowUnsandboxed;
    lists.excludedCommands.push(...(strings(sb.excludedCommands) ?? []));
    const fs = obj(sb.filesystem);
    // A relative path is taken from the settings file's folder: ~/.claude for the user's
    // settings, the project for project and local settings (variants of dt-sandbox-21212121-31-r: the bwrap arguments).
    const paths = (v: unknown) => (strings(v) ?? []).map((p) => (s === 'user' ? fromUserSettings(p) : p));
    lists.allowWrite.push(...paths(fs.allowWrite));
    lists.denyWrite.push(...paths(fs.denyWrite));
    lists.denyRead.push(...paths(fs.denyRead));
    lists.allowRead.push(...paths(fs.allowRead));
    lists.allowedDomains.push(...(strings(obj(sb.network).allowedDomains) ?? []));
  }
  return {
    enabled: enabled ?? false,
    autoAllow: autoAllow ?? table.autoAllowDefault,
    allowUnsandboxed: allowUnsandboxed ?? true,
    ...lists,
  };
}

/** What the sandbox lets a command do, with absolute paths. */
export interface SandboxPolicy {
  /** Where a sandboxed command may write: the project, the session's temp directory,
   * sandbox.filesystem.allowWrite. */
  writeRoots: string[];
  /** Paths inside the write roots it may not write (the version's table, denyWrite). */
  protectedPaths: string[];
  /** The version's table alone: each of these the project lacks, where its folder exists, a
   * sandboxed command sees as an entry of its own (bubblewrap mounts /dev/null there; a denyWrite
   * path gets none: sandbox-x-masked-entries). */
  masks: string[];
  denyRead: string[];
  /** allowRead and allowWrite paths at or inside a denyRead path: bubblewrap mounts the tmpfs
   * on the denied folder first, then binds these back over it (allowRead read-only, allowWrite
   * writable), so they are seen and read as they are (dt-sandbox-21212121-31-r and its variants: the bwrap
   * argument list). A denyRead path inside an allowWrite folder stays hidden (a variant of dt-sandbox-21212121-31-r). */
  exposed: string[];
  /** Hosts the sandbox's proxy lets through (sandbox.network.allowedDomains); every other
   * host is refused, and loopback is a separate network. */
  allowedDomains: string[];
  /** A host outside the allowlist is put to the person (in -p mode: refused); bypassPermissions
   * lets it through (sandbox-bypass-*: the proxy forwards it, and this host has no network). */
  networkAsks: boolean;
  /** False when this version's sandbox could not be recorded (its texts come from another). */
  recorded: boolean;
}

export function sandboxPolicy(
  settings: SandboxSettings,
  table: SandboxTable,
  where: { cwd: string; home: string; tmp: string; mode?: string },
): SandboxPolicy {
  const abs = (p: string) => normalizePath(resolvePath(p, where.cwd, where.home));
  const masks = table.protectedInProject.map((p) => `${where.cwd}/${p}`);
  return {
    writeRoots: [where.cwd, where.tmp, ...settings.allowWrite.map(abs)],
    protectedPaths: [...masks, ...settings.denyWrite.map(abs)],
    masks,
    denyRead: settings.denyRead.map(abs),
    exposed: [...settings.allowRead, ...settings.allowWrite]
      .map(abs)
      .filter((a) => settings.denyRead.some((d) => isInside(a, abs(d)))),
    allowedDomains: settings.allowedDomains,
    networkAsks: where.mode !== 'bypassPermissions',
    recorded: table.recorded,
  };
}

/** Whether this call runs inside the sandbox, and why (for the decisions pane). */
export function placement(
  settings: SandboxSettings,
  command: string,
  dangerouslyDisableSandbox: boolean,
): { sandboxed: boolean; why: string } {
  if (!settings.enabled) return { sandboxed: false, why: 'the sandbox is off (sandbox.enabled)' };
  if (dangerouslyDisableSandbox)
    return settings.allowUnsandboxed
      ? { sandboxed: false, why: 'dangerouslyDisableSandbox: the call asks to run outside the sandbox' }
      : {
          sandboxed: true,
          why: 'allowUnsandboxedCommands is false: dangerouslyDisableSandbox is ignored',
        };
  const excluded = settings.excludedCommands.find((p) => excludedMatch(p, command));
  if (excluded !== undefined)
    return { sandboxed: false, why: `sandbox.excludedCommands names it (${excluded})` };
  return { sandboxed: true, why: 'sandbox.enabled' };
}

/** An excludedCommands entry. Recorded (sandbox-bypass-excluded, 2.1.332): `["touch"]` leaves
 * `touch $HOME/ex.txt` in the sandbox, alone or in a compound line; `["git *"]` takes `git status
 * --short` out (sandbox-dds-readonly-*-excluded, all three releases). Taken here: the entry names
 * the whole command, or a `prefix:*` or `prefix *` rule covers a simple command that starts with
 * it (the colon form not recorded). */
function excludedMatch(pattern: string, command: string): boolean {
  const c = command.trim();
  const p = pattern.trim();
  if (c === p) return true;
  if (!p.endsWith(':*') && !p.endsWith(' *')) return false;
  const prefix = p.slice(0, -2);
  return (c === prefix || c.startsWith(`${prefix} `)) && !/[;&|<>`$(\n]/.test(c);
}

/** The denyRead path that hides `abs` from a sandboxed command, unless an allowRead or
 * allowWrite path at or inside it brings `abs` back. */
export function hiddenBy(policy: SandboxPolicy, abs: string): string | undefined {
  return policy.denyRead.find(
    (d) => isInside(abs, d) && !policy.exposed.some((a) => isInside(a, d) && isInside(abs, a)),
  );
}

/** The note the decisions pane shows for a Bash call. */
export function sandboxNote(
  settings: SandboxSettings,
  policy: SandboxPolicy,
  command: string,
  dangerouslyDisableSandbox: boolean,
): SandboxNote | undefined {
  if (!settings.enabled) return undefined;
  const p = placement(settings, command, dangerouslyDisableSandbox);
  return {
    sandboxed: p.sandboxed,
    why: p.why,
    writeRoots: policy.writeRoots,
    protectedPaths: policy.protectedPaths,
    network:
      policy.allowedDomains.length > 0
        ? `only ${policy.allowedDomains.join(', ')} through the sandbox's proxy`
        : "no host: the sandbox's proxy refuses every host",
    emulated:
      'The playground has no OS sandbox: it checks the writes the command analysis sees (redirections, file commands) against this policy before the command runs; writes made by interpreters and network use are not checked.',
    ...(policy.recorded ? {} : { notRecorded: true }),
  };
}

/** A write the sandbox refuses. `shown` is the path as the shell names it (expanded, not
 * resolved); `protectedEntry` the protected path it falls under, if any (the sandbox masks one
 * that does not exist, which changes the error: see sandboxError). */
export interface SandboxViolation {
  path: string;
  shown: string;
  protectedEntry?: string;
  /** The line the command prints, given the error (`Read-only file system`, …) and the path the
   * error names (the path itself, or the masked entry above it for mkdir -p). */
  text(error: string, named: string): string;
  exitCode: number;
  /** `mkdir -p`: an error below a masked entry names the entry. */
  parents?: true;
  /** A read under denyRead: its error does not depend on what exists. */
  error?: string;
  /** A write inside a folder denyRead hides: it lands on the empty scratch folder the sandbox
   * mounts there and is gone when the command ends, with nothing said. */
  vanishes?: true;
}

type Form = {
  text: (shown: string, error: string, u: { source?: string }) => string;
  exitCode: number;
  /** What a target inside a folder denyRead hides gets (sandbox-denyread-writes, three
   * releases): a new entry made there vanishes with the scratch folder; one removed there is
   * not found. Forms without it were not recorded there. */
  hidden?: 'vanishes' | 'missing';
};

/** GNU's wording per file command for a target it cannot write (sandbox-bypass-writers). sed's
 * temporary file has a random six-character suffix in the real run (`../sedFkruKF`); here it is
 * `sedXXXXXX`. Commands the analysis knows to write but that are not here are not checked. */
const FILE_COMMAND_ERRORS: Readonly<Record<string, Form>> = {
  touch: { text: (p, e) => `touch: cannot touch '${p}': ${e}`, exitCode: 1, hidden: 'vanishes' },
  rm: { text: (p, e) => `rm: cannot remove '${p}': ${e}`, exitCode: 1, hidden: 'missing' },
  mkdir: { text: (p, e) => `mkdir: cannot create directory ‘${p}’: ${e}`, exitCode: 1, hidden: 'vanishes' },
  cp: { text: (p, e) => `cp: cannot create regular file '${p}': ${e}`, exitCode: 1 },
  mv: {
    text: (p, e, u) =>
      `mv: inter-device move failed: '${u.source ?? ''}' to '${p}'; unable to remove target: ${e}`,
    exitCode: 1,
  },
  sed: {
    text: (p, e) =>
      `sed: couldn't open temporary file ${p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : './'}sedXXXXXX: ${e}`,
    exitCode: 4,
  },
};

/** How a reading command words a path the sandbox hides or refuses (only cat recorded). */
const READ_ERRORS: Readonly<Record<string, Form>> = {
  cat: { text: (p, e) => `cat: ${p}: ${e}`, exitCode: 1 },
};

const REDIRECT_FORM: Form = { text: (p, e) => `/bin/bash: line 1: ${p}: ${e}`, exitCode: 1, hidden: 'vanishes' };

/** A word's value with `$NAME` / `${NAME}` taken from the shell's environment, where that is
 * all the word expands (how the shell shows a redirection target it could not open). */
function expanded(w: Word, env: Record<string, string>): string | null {
  if (w.value !== null) return w.value;
  const t = w.text;
  if (/['"`\\*?[\]]|\$\(/.test(t)) return null;
  let unknown = false;
  const out = t.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, n: string) => {
    const v = env[n];
    if (v === undefined) unknown = true;
    return v ?? '';
  });
  return unknown ? null : out;
}

const OUTPUT_OPS = new Set(['>', '>>', '>|', '&>', '&>>']);
const DEVICES = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);

/** What the sandbox does to one simple command: its refused writes in order, and whether the
 * rest of it runs. */
export interface CommandRefusal {
  violations: SandboxViolation[];
  /** Positions of the words (0 = the command name) it runs without (touch, rm, mkdir go on to
   * their other operands); undefined: it does not run (a refused redirection, cp, mv, sed). */
  drop?: number[];
  exitCode: number;
}

/** Commands that handle each operand on its own: a refused one fails and the others are done
 * (`touch ok1.txt /etc/f ok2.txt` makes both files, sandbox probes). */
const PER_OPERAND = new Set(['touch', 'rm', 'mkdir']);

function unitRefusal(
  u: Unit,
  policy: SandboxPolicy,
  where: { cwd: string; home: string; env: Record<string, string> },
): CommandRefusal | undefined {
  const check = (
    w: Word,
    form: Form,
    o: { source?: string; parents?: boolean } = {},
  ): SandboxViolation | undefined => {
    const shown = expanded(w, where.env);
    if (shown === null) return undefined;
    const abs = normalizePath(resolvePath(shown, where.cwd, where.home));
    if (DEVICES.has(abs)) return undefined;
    const base = { path: abs, shown, text: (e: string, named: string) => form.text(named, e, o) };
    // denyRead (sandbox-denyread-*): a named file cannot be opened for writing either; inside a
    // named folder the command works on an empty scratch folder.
    const hidden = hiddenBy(policy, abs);
    if (hidden === abs) return { ...base, error: 'Permission denied', exitCode: form.exitCode };
    // Inside a hidden folder the command works on the empty scratch folder hideDenied (Bash)
    // puts there: its writes land and are gone after it, what it removes is not found.
    if (hidden !== undefined) return undefined;
    const entry = policy.protectedPaths.find((p) => isInside(abs, p));
    if (entry === undefined && policy.writeRoots.some((r) => isInside(abs, r))) return undefined;
    return {
      path: abs,
      shown,
      ...(entry ? { protectedEntry: entry } : {}),
      text: (e, named) => form.text(named, e, o),
      exitCode: form.exitCode,
      ...(o.parents ? { parents: true as const } : {}),
    };
  };
  // bash opens the redirections first: a refused one stops the command.
  for (const rd of u.redirects) {
    if (!rd.target || !OUTPUT_OPS.has(rd.op)) continue;
    const v = check(rd.target, REDIRECT_FORM);
    if (v) return { violations: [v], exitCode: v.exitCode };
  }
  const name = u.words[0]?.value;
  const args = u.words.slice(1);
  const refused: { v: SandboxViolation; w: Word }[] = [];
  const reader = name ? READ_ERRORS[name] : undefined;
  if (name && reader && policy.denyRead.length > 0) {
    // denyRead (sandbox-fs-lists, both versions): a denied folder is hidden, a denied file
    // cannot be opened. Only cat was recorded; its other operands are still printed (after the
    // errors here, where cat interleaves them).
    for (const w of fileArgs(name, args)?.paths ?? []) {
      const shown = expanded(w, where.env);
      if (shown === null) continue;
      const abs = normalizePath(resolvePath(shown, where.cwd, where.home));
      // Only a denied file itself: inside a denied folder the command reads the empty scratch folder.
      if (hiddenBy(policy, abs) !== abs) continue;
      refused.push({
        v: {
          path: abs,
          shown,
          error: 'Permission denied',
          text: (e, named) => reader.text(named, e, {}),
          exitCode: reader.exitCode,
        },
        w,
      });
    }
    if (refused.length === 0) return undefined;
    const violations = refused.map((r) => r.v);
    const paths = fileArgs(name, args)?.paths.length ?? 0;
    if (paths === refused.length) return { violations, exitCode: reader.exitCode };
    return { violations, drop: refused.map((r) => u.words.indexOf(r.w)), exitCode: reader.exitCode };
  }
  const form = name ? FILE_COMMAND_ERRORS[name] : undefined;
  if (!name || !form) return undefined;
  const fa = FILE_COMMANDS.get(name) ? fileArgs(name, args) : undefined;
  if (fa && fa.op !== 'read') {
    const sources = fa.paths.filter((w) => w !== fa.destination);
    const source = sources.length === 1 ? (sources[0]?.value ?? undefined) : undefined;
    const parents = name === 'mkdir' && args.some((a) => a.value !== null && /^-[a-zA-Z]*p/.test(a.value));
    for (const w of fa.destination ? [fa.destination] : fa.paths) {
      const v = check(w, form, { ...(source !== undefined ? { source } : {}), parents });
      if (v) refused.push({ v, w });
    }
  }
  if (EXTRA_WRITERS.has(name))
    for (const w of extraWrites(name, args) ?? []) {
      const v = check(w, form);
      if (v) refused.push({ v, w });
    }
  if (refused.length === 0) return undefined;
  const violations = refused.map((r) => r.v);
  const exitCode = violations.every((v) => v.vanishes) ? 0 : form.exitCode;
  if (!PER_OPERAND.has(name) || !fa) return { violations: violations.slice(0, 1), exitCode };
  if (fa.paths.length === refused.length) return { violations, exitCode };
  return { violations, drop: refused.map((r) => u.words.indexOf(r.w)), exitCode };
}

/** The first write in `command` the policy refuses, in command-line order; undefined when the
 * analysis sees none (or cannot parse the line). */
export function sandboxViolation(
  policy: SandboxPolicy,
  command: string,
  where: { cwd: string; home: string; env: Record<string, string> },
): SandboxViolation | undefined {
  const parsed = parseCommand(command);
  if (!parsed.ok) return undefined;
  for (const u of analyze(parsed.script, where.home).units) {
    if (u.shadow) continue;
    const r = unitRefusal(u, policy, where);
    if (r) return r.violations[0];
  }
  return undefined;
}

/** Per simple command of the line (numbered as rewriteSimpleCommands numbers them), what the
 * sandbox refuses it. The real sandbox refuses a write where the command makes it and the shell
 * goes on (`echo a; echo x > /etc/f; echo b` prints a, the error and b; `&&`, `||`, `if` see
 * its exit code: sandbox probes on both versions). Emulated: each refused command is replaced
 * by its error before the line runs. */
export function sandboxRefusals(
  policy: SandboxPolicy,
  command: string,
  where: { cwd: string; home: string; env: Record<string, string> },
): Map<number, CommandRefusal> {
  const out = new Map<number, CommandRefusal>();
  const parsed = parseCommand(command);
  if (!parsed.ok) return out;
  simpleCommands(parsed.script).forEach((node, i) => {
    const alone: ScriptNode = {
      type: 'Script',
      statements: [
        {
          type: 'Statement',
          pipelines: [{ type: 'Pipeline', commands: [node], negated: false }],
          operators: [],
          background: false,
        },
      ],
    };
    const u = analyze(alone, where.home).units.find((x) => !x.shadow);
    const r = u ? unitRefusal(u, policy, where) : undefined;
    if (r) out.set(i, r);
  });
  return out;
}

/** The error a refused write gets and the path it names. A protected path the sandbox masks
 * because it does not exist refuses a write to itself with "Permission denied" and one below it
 * with "Not a directory" (`.vscode/settings.json`; `mkdir -p .claude/skills/s` names
 * `.claude/skills`); anything else is on a read-only mount, unless its folder is missing, where
 * the shell's own "No such file or directory" comes first (`~/.ssh/id`, sandbox-bypass-writers):
 * then undefined, and the command runs. */
export function sandboxError(
  v: SandboxViolation,
  exists: { entry: boolean; parent: boolean },
): { error: string; named: string } {
  if (v.error !== undefined) return { error: v.error, named: v.shown };
  if (v.protectedEntry === undefined || exists.entry)
    return { error: exists.parent ? 'Read-only file system' : 'No such file or directory', named: v.shown };
  if (v.path === v.protectedEntry) return { error: 'Permission denied', named: v.shown };
  const below = v.path.length - v.protectedEntry.length;
  const named = v.parents && v.shown.length > below ? v.shown.slice(0, v.shown.length - below) : v.shown;
  return { error: 'Not a directory', named };
}

/** Whether the settings in force turn the sandbox on (whatever this call's placement). */
export const sandboxEnabled = (ctx: PermissionContext, table: SandboxTable): boolean =>
  contextSandbox(ctx, table).enabled;

/** The settings a permission context carries, read with the version's table. */
export const contextSandbox = (ctx: PermissionContext, table: SandboxTable): SandboxSettings =>
  sandboxSettings(ctx.sources, table);

/** For the Bash tool: the policy a call runs under, or undefined when it runs outside the
 * sandbox (the sandbox off, dangerouslyDisableSandbox honoured, an excluded command). */
export function callSandbox(
  ctx: PermissionContext,
  table: SandboxTable,
  command: string,
  dangerouslyDisableSandbox: boolean,
): SandboxPolicy | undefined {
  const settings = contextSandbox(ctx, table);
  if (!placement(settings, command, dangerouslyDisableSandbox).sandboxed) return undefined;
  return sandboxPolicy(settings, table, {
    cwd: ctx.cwd,
    home: ctx.home,
    tmp: ctx.tmp ?? `${ctx.home}/tmp`,
    mode: ctx.mode,
  });
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** How a client fails when the sandbox's proxy refuses its host (sandbox probes, both versions,
 * acceptEdits): plain http reaches the proxy, whose answer curl prints (exit 0); https is a
 * refused CONNECT. `url` is the URL as written. */
const CLIENT_REFUSALS: Readonly<
  Record<string, (https: boolean, url: string) => { output: string; exitCode: number }>
> = {
  curl: (https) =>
    https
      ? { output: 'curl: (56) CONNECT tunnel failed, response 403\n', exitCode: 56 }
      : { output: 'Connection blocked by network allowlist', exitCode: 0 },
  wget: (https) => ({ output: '', exitCode: https ? 4 : 8 }),
};

/** A single `curl`, `wget` or `git clone` of a host the sandbox's proxy refuses: what the client
 * prints and Claude Code's note of the violation it logged. Other clients, options that change
 * what curl prints (`-I`, `-w`) and compound lines are not emulated and go to the shell. */
export function sandboxNetworkRefusal(
  policy: SandboxPolicy,
  command: string,
): { host: string; text: string; exitCode: number } | undefined {
  if (!policy.networkAsks) return undefined;
  const parsed = parseCommand(command);
  if (!parsed.ok) return undefined;
  const units = analyze(parsed.script, '').units.filter((u) => !u.shadow);
  const u = units[0];
  const name = u?.words[0]?.value;
  if (units.length !== 1 || !u || !name) return undefined;
  const args = u.words.slice(1).map((w) => w.value);
  const url = args.find((a) => a !== null && /^https?:\/\//.test(a)) ?? undefined;
  if (!url) return undefined;
  let failure: { output: string; exitCode: number } | undefined;
  const https = url.startsWith('https://');
  if (name === 'git') {
    if (args[0] !== 'clone' || !https) return undefined;
    const dir = (
      args.filter((a) => a !== null && !a.startsWith('-'))[2] ??
      url.replace(/\/+$/, '').split('/').pop() ??
      ''
    ).replace(/\.git$/, '');
    failure = {
      output: `Cloning into '${dir}'...\nfatal: unable to access '${url.endsWith('/') ? url : `${url}/`}': CONNECT tunnel failed, response 403\n`,
      exitCode: 128,
    };
  } else {
    const client = CLIENT_REFUSALS[name];
    if (
      !client ||
      (name === 'curl' &&
        args.some((a) => a !== null && /^-[a-zA-Z]*[Iiw]|^--(head|include|write-out)/.test(a)))
    )
      return undefined;
    failure = client(https, url);
  }
  const m = /^https?:\/\/([^/:?#]+)(?::(\d+))?/.exec(url);
  const host = m?.[1]?.toLowerCase();
  if (!host || LOOPBACK.has(host)) return undefined;
  const allowed = policy.allowedDomains.some((d) => {
    const p = d.toLowerCase();
    return p.startsWith('*.') ? host.endsWith(p.slice(1)) : host === p;
  });
  if (allowed) return undefined;
  const target = `${host}:${m?.[2] ?? (https ? '443' : '80')}`;
  // A failed command keeps its output's last newline before the note; a successful one does not.
  const out = failure.exitCode === 0 ? failure.output.replace(/\n+$/, '') : failure.output;
  return {
    host: target,
    exitCode: failure.exitCode,
    text: `${out}\n<sandbox_violations>\ndeny network-outbound ${target} (user denied)\n</sandbox_violations>`,
  };
}
