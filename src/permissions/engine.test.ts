// Decisions as whole values: sources and trust, path specifiers, deny > ask > allow, the file
// tools' own refusal texts, modes, the classifier, the tool list.
import { describe, expect, it } from 'vitest';
import { decide, offeredTools, parseRule, resolveMode, scriptedVerdict, validateRules, workingDirectories } from './index';
import { PERMISSIONS_2_1_273 } from '../profiles/2.1.273/permissions';
import { PERMISSIONS_2_1_332 } from '../profiles/2.1.332/permissions';
import { readDenyFilter } from './filter';
import type { PermissionContext, PermissionRequest, Settings } from './types';
import { bashRequest } from './test-support';
import { getProfile } from '../profiles';

const CWD = '/r/project';
const base: PermissionContext = {
  mode: 'default',
  cwd: CWD,
  home: '/r/home',
  behaviour: getProfile().permissions,
  trusted: false,
  sources: {},
  cli: {},
};
const ctx = (over: Partial<PermissionContext>): PermissionContext => ({ ...base, ...over });
const perms = (p: Settings['permissions']): Settings => ({ permissions: p });

const read = (p: string): PermissionRequest => ({
  tool: 'Read',
  kind: 'read',
  paths: [p],
  input: { file_path: p },
  validation: 'read',
});
const write = (p: string): PermissionRequest => ({
  tool: 'Write',
  kind: 'write',
  paths: [p],
  input: { file_path: p },
  validation: 'write',
});
const edit = (p: string): PermissionRequest => ({
  tool: 'Edit',
  kind: 'write',
  paths: [p],
  input: { file_path: p },
  validation: 'edit',
});
const notebook = (p: string): PermissionRequest => ({
  tool: 'NotebookEdit',
  kind: 'write',
  paths: [p],
  input: { notebook_path: p },
});
const grep = (p: string): PermissionRequest => ({
  tool: 'Grep',
  kind: 'read',
  paths: [p],
  input: { pattern: 'x', path: p },
});
const bash = bashRequest;

const refused = (behavior: 'deny' | 'ask', message: string) => ({
  behavior,
  message,
  structured: `Error: ${message.replace(/^<tool_use_error>(.*)<\/tool_use_error>$/s, '$1')}`,
  permissionDenial: true,
});

const WORKAROUND =
  'IMPORTANT: You *may* attempt to accomplish this action using other tools that might naturally be used to accomplish this goal, e.g. using head instead of cat. But you *should not* attempt to work around this denial in malicious ways, e.g. do not use your ability to run tests to execute non-test actions. You should only try to work around this restriction in reasonable ways that do not attempt to bypass the intent behind this denial.';

describe('file tools', () => {
  it('reads inside the project without a rule', async () => {
    expect(await decide(read(`${CWD}/a.txt`), base)).toEqual({
      behavior: 'allow',
      reason: 'inside the working directories',
    });
  });

  it('asks before reading outside, with the -p refusal text', async () => {
    expect(await decide(read('/r/x.txt'), base)).toEqual({
      ...refused(
        'ask',
        "Claude requested permissions to read from /r/x.txt, but you haven't granted it yet.",
      ),
      reason: '/r/x.txt is outside the working directories and no rule allows reading it',
    });
  });

  it('refuses a Read deny in validation, wrapped, even in bypassPermissions', async () => {
    const c = ctx({ mode: 'bypassPermissions', sources: { project: perms({ deny: ['Read(./.env)'] }) } });
    const expected = {
      ...refused(
        'deny',
        '<tool_use_error>File is in a directory that is denied by your permission settings.</tool_use_error>',
      ),
      reason: 'Read(./.env) denies reading /r/project/.env',
      rule: { text: 'Read(./.env)', source: 'project' },
    };
    expect(await decide(read(`${CWD}/.env`), c)).toEqual(expected);
    expect(validateRules(read(`${CWD}/.env`), c)).toEqual(expected);
  });

  it('gives Edit and Write their own text under a Read deny, also for a new file', async () => {
    const c = ctx({
      mode: 'bypassPermissions',
      sources: { project: perms({ deny: ['Read(./.env)', 'Read(./private/**)'] }) },
    });
    expect(await decide(edit(`${CWD}/.env`), c)).toEqual({
      ...refused(
        'deny',
        '<tool_use_error>File is covered by a Read deny rule in your permission settings and cannot be edited.</tool_use_error>',
      ),
      reason: 'Read(./.env) denies reading /r/project/.env, and an edit has to read the file back',
      rule: { text: 'Read(./.env)', source: 'project' },
    });
    expect(await decide(write(`${CWD}/private/new.txt`), c)).toEqual({
      ...refused(
        'deny',
        '<tool_use_error>File is covered by a Read deny rule in your permission settings and cannot be written.</tool_use_error>',
      ),
      reason:
        'Read(./private/**) denies reading /r/project/private/new.txt, and an edit has to read the file back',
      rule: { text: 'Read(./private/**)', source: 'project' },
    });
  });

  it('applies path-scoped Edit rules to NotebookEdit with the permission-check text', async () => {
    const c = ctx({ mode: 'bypassPermissions', sources: { project: perms({ deny: ['Edit(./nbs/**)'] }) } });
    expect(await decide(notebook(`${CWD}/nbs/a.ipynb`), c)).toEqual({
      ...refused('deny', 'Permission to edit /r/project/nbs/a.ipynb has been denied.'),
      reason: 'Edit(./nbs/**) denies editing /r/project/nbs/a.ipynb',
      rule: { text: 'Edit(./nbs/**)', source: 'project' },
    });
  });

  it('denies through a symlink whose target is denied, naming the link', async () => {
    const c = ctx({
      sources: { project: perms({ deny: ['Read(./secrets/**)'] }) },
      realpath: (p) => Promise.resolve(p === `${CWD}/link` ? `${CWD}/secrets/k` : p),
    });
    expect(await decide(read(`${CWD}/link`), c)).toEqual({
      ...refused('deny', 'Permission to read /r/project/link has been denied.'),
      reason: 'Read(./secrets/**) denies reading /r/project/link (or its target /r/project/secrets/k)',
      rule: { text: 'Read(./secrets/**)', source: 'project' },
    });
  });

  it('names the Grep path in a read deny', async () => {
    const c = ctx({
      mode: 'bypassPermissions',
      sources: { project: perms({ deny: ['Read(./secrets/**)'] }) },
    });
    expect(await decide(grep(`${CWD}/secrets/key.txt`), c)).toEqual({
      ...refused('deny', 'Permission to read /r/project/secrets/key.txt has been denied.'),
      reason: 'Read(./secrets/**) denies reading /r/project/secrets/key.txt',
      rule: { text: 'Read(./secrets/**)', source: 'project' },
    });
  });

  it('lets an Edit allow grant Read on the same path, only when the project is trusted', async () => {
    const sources = { project: perms({ allow: ['Edit(//r/extra/**)'] }) };
    expect(await decide(read('/r/extra/e.txt'), ctx({ trusted: true, sources }))).toEqual({
      behavior: 'allow',
      reason: 'allowed by Edit(//r/extra/**) (edit access implies read access)',
      rule: { text: 'Edit(//r/extra/**)', source: 'project' },
    });
    expect((await decide(read('/r/extra/e.txt'), ctx({ sources }))).behavior).toEqual('ask');
    // settings.local.json needs no trust
    expect(
      (
        await decide(
          read('/r/extra/e.txt'),
          ctx({ sources: { local: perms({ allow: ['Edit(//r/extra/**)'] }) } }),
        )
      ).behavior,
    ).toEqual('allow');
  });

  it('prefers deny over ask over allow', async () => {
    const c = ctx({
      trusted: true,
      sources: {
        project: perms({ allow: ['Read(./a.txt)'], ask: ['Read(./a.txt)'] }),
        user: perms({ deny: ['Read(//r/project/a.txt)'] }),
      },
    });
    expect((await decide(read(`${CWD}/a.txt`), c)).rule).toEqual({
      text: 'Read(//r/project/a.txt)',
      source: 'user',
    });
    const noDeny = ctx({
      trusted: true,
      mode: 'bypassPermissions',
      sources: { project: perms({ allow: ['Read(./a.txt)'], ask: ['Read(./a.txt)'] }) },
    });
    expect(await decide(read(`${CWD}/a.txt`), noDeny)).toEqual({
      ...refused(
        'ask',
        "Claude requested permissions to read from /r/project/a.txt, but you haven't granted it yet.",
      ),
      reason: 'Read(./a.txt) asks before reading',
      rule: { text: 'Read(./a.txt)', source: 'project' },
    });
  });

  it('matches every specifier form', async () => {
    const deny = [
      'Read(./.env)',
      'Read(secrets/**)',
      'Read(**/*.key)',
      'Read(//etc/shadow)',
      'Read(~/.ssh/**)',
      'Read(/build/out.txt)',
    ];
    const c = ctx({ mode: 'bypassPermissions', sources: { project: perms({ deny }) } });
    const rule = async (p: string) => {
      const d = await decide(read(p), c);
      return d.behavior === 'deny' ? d.rule?.text : d.behavior;
    };
    expect(
      await Promise.all(
        [
          `${CWD}/.env`,
          `${CWD}/secrets/a/b.txt`,
          `${CWD}/deep/dir/id.key`,
          '/etc/shadow',
          '/r/home/.ssh/id_rsa',
          `${CWD}/build/out.txt`,
          `${CWD}/a.txt`,
          '/r/other/secrets/x',
        ].map(rule),
      ),
    ).toEqual([
      'Read(./.env)',
      'Read(secrets/**)',
      'Read(**/*.key)',
      'Read(//etc/shadow)',
      'Read(~/.ssh/**)',
      'Read(/build/out.txt)',
      'allow',
      'allow',
    ]);
  });

  it('roots a /path specifier at the settings file: the project for project rules, ~/.claude for user rules', async () => {
    const c = ctx({ mode: 'bypassPermissions', sources: { user: perms({ deny: ['Read(/notes.txt)'] }) } });
    expect([
      (await decide(read('/r/home/.claude/notes.txt'), c)).behavior,
      (await decide(read('/r/home/notes.txt'), c)).behavior,
      (await decide(read(`${CWD}/notes.txt`), c)).behavior,
    ]).toEqual(['deny', 'allow', 'allow']);
  });

  it('matches only Read(path) and Edit(path) rules: other file tools\' path rules count for nothing', async () => {
    const c = ctx({
      mode: 'acceptEdits',
      sources: {
        project: perms({
          deny: ['Write(./w.txt)', 'Glob(./g/**)', 'Grep(./g/**)', 'NotebookEdit(./w.txt)', 'Read(./d//a.txt)'],
        }),
      },
    });
    expect([
      (await decide(read(`${CWD}/g/a.txt`), c)).behavior,
      (await decide(write(`${CWD}/w.txt`), c)).behavior,
      (await decide(read(`${CWD}/d/a.txt`), c)).behavior,
    ]).toEqual(['allow', 'allow', 'deny']);
  });

  it('reads additional directories from --add-dir, and from project settings only when trusted', () => {
    const sources = {
      project: perms({ additionalDirectories: ['/r/extra', '../sib'] }),
      user: perms({ additionalDirectories: ['~/docs'] }),
    };
    expect(workingDirectories(ctx({ sources, cli: { addDirs: ['/r/cli'] } }))).toEqual([
      CWD,
      '/r/cli',
      '/r/home/docs',
    ]);
    expect(workingDirectories(ctx({ sources, trusted: true }))).toEqual([
      CWD,
      '/r/home/docs',
      '/r/extra',
      '/r/sib',
    ]);
  });

  it('gives the Glob/Grep result filter the Read deny rules', () => {
    const keep = readDenyFilter(ctx({ sources: { project: perms({ deny: ['Read(./secrets/**)'] }) } }));
    expect([`${CWD}/secrets/key.txt`, `${CWD}/open.txt`].map(keep)).toEqual([true, false]);
  });
});

describe('modes', () => {
  it('plan refuses every file edit', async () => {
    expect(await decide(write(`${CWD}/n.txt`), ctx({ mode: 'plan' }))).toEqual({
      ...refused('deny', 'Cannot write to /r/project/n.txt while in plan mode.'),
      reason: 'plan mode refuses every file edit',
      rule: { text: 'plan', source: 'mode' },
    });
  });

  it('plan and auto read outside the project without the classifier', async () => {
    for (const mode of ['plan', 'auto'] as const) {
      expect(await decide(read('/r/o.txt'), ctx({ mode }))).toEqual({
        behavior: 'allow',
        reason: `${mode} mode allows read-only tools`,
        rule: { text: mode, source: 'mode' },
      });
    }
  });

  it('dontAsk refuses what would prompt; a bare Write allow covers Write, a bare Edit allow does not', async () => {
    const text = `Permission to use Write has been denied because Claude Code is running in don't ask mode. ${WORKAROUND} If you believe this capability is essential to complete the user's request, STOP and explain to the user what you were trying to do and why you need this permission. Let the user decide how to proceed.`;
    expect(
      await decide(
        write(`${CWD}/n.txt`),
        ctx({ mode: 'dontAsk', trusted: true, sources: { project: perms({ allow: ['Edit'] }) } }),
      ),
    ).toEqual({
      ...refused('deny', text),
      reason: "don't-ask mode refuses what would prompt (no rule allows editing /r/project/n.txt)",
      rule: { text: 'dontAsk', source: 'mode' },
    });
    expect(
      await decide(
        write(`${CWD}/n.txt`),
        ctx({ mode: 'dontAsk', trusted: true, sources: { project: perms({ allow: ['Write'] }) } }),
      ),
    ).toEqual({
      behavior: 'allow',
      reason: 'allowed by Write',
      rule: { text: 'Write', source: 'project' },
    });
  });

  it('auto runs what acceptEdits would, and asks the classifier about the rest', async () => {
    expect(await decide(write(`${CWD}/o.txt`), ctx({ mode: 'auto', classifier: 'block' }))).toEqual({
      behavior: 'allow',
      reason:
        'auto mode allows what acceptEdits allows (acceptEdits mode allows edits inside the working directories)',
      rule: { text: 'auto', source: 'mode' },
    });
    const blocked = `Permission for this action was denied by the Claude Code auto mode classifier. Reason: [Data Exfiltration]. If you have other tasks that don't depend on this action, continue working on those. ${WORKAROUND} If you believe this capability is essential to complete the user's request, first try a safer method. Get as much of the rest of the task done as you can, then STOP and explain to the user what you were trying to do and why you need this permission. Let the user decide how to proceed. To allow this type of action in the future, the user can add a Bash permission rule to their settings.`;
    expect(
      await decide(
        write('/r/o.txt'),
        ctx({ mode: 'auto', classifier: { severity: 70, category: 'Data Exfiltration' } }),
      ),
    ).toEqual({
      ...refused('deny', blocked),
      classified: true,
      reason: 'the auto-mode classifier blocked this Write call (Data Exfiltration)',
      rule: { text: 'auto', source: 'mode' },
    });
    expect(await decide(write('/r/o.txt'), ctx({ mode: 'auto', classifier: { severity: 20 } }))).toEqual({
      behavior: 'allow',
      reason: 'the auto-mode classifier allowed this Write call',
      rule: { text: 'auto', source: 'mode' },
    });
  });

  it('blocks for safety when the classifier gives no verdict', async () => {
    expect(await decide(bash('python3 -c 1'), ctx({ mode: 'auto' }))).toEqual({
      ...refused(
        'deny',
        "Auto mode could not evaluate this action and is blocking it for safety — run with --debug for details. This is not a judgment that the action is unsafe. This is usually transient — wait briefly and try this action again as-is; don't rewrite it. If it keeps failing, continue with other tasks that don't require this action and come back to it later. Note: reading files, searching code, and other read-only operations do not require the classifier and can still be used.",
      ),
      classified: true,
      // Marked, for the releases that list such a refusal as unchecked (auto_mode_unchecked).
      classifierUnchecked: true,
      reason: 'the auto-mode classifier gave no verdict, so the call is blocked',
      rule: { text: 'auto', source: 'mode' },
      subcommands: [
        {
          command: 'python3 -c 1',
          decision: { behavior: 'ask', reason: 'python3 is not in the built-in read-only set' },
        },
      ],
    });
  });

  it('acceptEdits still asks before writing protected configuration', async () => {
    expect(await decide(write(`${CWD}/.claude/settings.json`), ctx({ mode: 'acceptEdits' }))).toEqual({
      ...refused(
        'ask',
        "Claude requested permissions to write to /r/project/.claude/settings.json, but you haven't granted it yet.",
      ),
      reason:
        "/r/project/.claude/settings.json is Claude Code's own configuration, which it asks about before every write",
      safety: true,
    });
  });

  it('asks before writing a sensitive path whatever the allow rules, except in bypassPermissions', async () => {
    const sensitive = (mode: PermissionContext['mode'], allow: string[] = []) =>
      decide(
        write(`${CWD}/.git/hooks/pre-commit`),
        ctx({ mode, sources: { user: perms({ allow }) }, classifier: 'block' }),
      );
    const text = (d: { behavior: string; message?: string }) =>
      `${d.behavior}: ${(d.message ?? '').split('. ')[0] ?? ''}`;
    expect([
      text(await sensitive('default', ['Write'])),
      text(await sensitive('acceptEdits', ['Edit(./.git/**)'])),
      text(await sensitive('dontAsk', ['Write'])),
      text(await sensitive('plan')),
      text(await sensitive('auto')),
      text(await sensitive('bypassPermissions')),
    ]).toEqual([
      'ask: Claude requested permissions to edit /r/project/.git/hooks/pre-commit which is a sensitive file.',
      'ask: Claude requested permissions to edit /r/project/.git/hooks/pre-commit which is a sensitive file.',
      "deny: Permission to use Write has been denied because Claude Code is running in don't ask mode",
      'deny: Permission for this action was denied by the Claude Code auto mode classifier',
      'deny: Permission for this action was denied by the Claude Code auto mode classifier',
      'allow: ',
    ]);
  });

  it('rulesOnly: auto and plan mode leave to read does not count, bypassPermissions does', async () => {
    const outside = { ...read('/r/home/x.txt'), rulesOnly: true };
    const modes = ['auto', 'plan', 'dontAsk', 'bypassPermissions'] as const;
    const got = await Promise.all(
      modes.map(async (mode) => (await decide(outside, ctx({ mode, classifier: 'allow' }))).behavior),
    );
    expect(got).toEqual(['ask', 'ask', 'ask', 'allow']);
  });

  it('takes defaultMode from settings when no mode flag is given, untrusted project included', () => {
    expect([
      resolveMode(null, { project: perms({ defaultMode: 'plan' }) }),
      resolveMode('acceptEdits', { project: perms({ defaultMode: 'plan' }) }),
      resolveMode(undefined, {
        user: perms({ defaultMode: 'dontAsk' }),
        local: perms({ defaultMode: 'acceptEdits' }),
      }),
      resolveMode(null, { user: perms({ defaultMode: 'nonsense' }) }),
    ]).toEqual(['plan', 'acceptEdits', 'acceptEdits', 'default']);
  });
});

describe('rules', () => {
  it('parses bare and specifier rules, escapes included', () => {
    expect(
      [
        'Bash',
        'Bash()',
        'Bash(*)',
        'Bash(npm run test:*)',
        'Bash(echo \\(x\\))',
        'WebFetch(domain:example.com)',
        ' Read(./a) ',
      ].map(parseRule),
    ).toEqual([
      { tool: 'Bash' },
      { tool: 'Bash' },
      { tool: 'Bash' },
      { tool: 'Bash', content: 'npm run test:*' },
      { tool: 'Bash', content: 'echo (x)' },
      { tool: 'WebFetch', content: 'domain:example.com' },
      { tool: 'Read', content: './a' },
    ]);
  });

  it('decides WebFetch by its host: rules in any case, *. for subdomains only, then the preapproved sites (web-rule-*, web-preapproved-*)', async () => {
    const c = ctx({
      mode: 'default',
      sources: {
        user: perms({
          deny: ['WebFetch(domain:*.example.com)', 'WebFetch(domain:docs.python.org)'],
          allow: ['WebFetch(domain:DOCS.RS)'],
        }),
      },
    });
    const fetch = (url: string): PermissionRequest => ({ tool: 'WebFetch', kind: 'other', paths: [], input: { url } });
    const decisions = await Promise.all(
      [
        'https://docs.example.com/x',
        'https://example.com/x',
        'https://docs.rs/a',
        'https://docs.python.org/3/',
        'https://go.dev/doc/install',
        'https://go.dev/',
      ].map((u) => decide(fetch(u), c)),
    );
    expect(decisions).toEqual([
      {
        ...refused('deny', 'WebFetch denied access to domain:docs.example.com.'),
        reason: 'WebFetch(domain:*.example.com) denies docs.example.com',
        rule: { text: 'WebFetch(domain:*.example.com)', source: 'user' },
      },
      { ...refused('ask', "Claude requested permissions to use WebFetch, but you haven't granted it yet."), reason: 'no rule allows WebFetch' },
      { behavior: 'allow', reason: 'allowed by WebFetch(domain:DOCS.RS)', rule: { text: 'WebFetch(domain:DOCS.RS)', source: 'user' } },
      {
        ...refused('deny', 'WebFetch denied access to domain:docs.python.org.'),
        reason: 'WebFetch(domain:docs.python.org) denies docs.python.org',
        rule: { text: 'WebFetch(domain:docs.python.org)', source: 'user' },
      },
      { behavior: 'allow', reason: 'go.dev/doc is a preapproved documentation site' },
      { ...refused('ask', "Claude requested permissions to use WebFetch, but you haven't granted it yet."), reason: 'no rule allows WebFetch' },
    ]);
  });
});

describe('offered tools', () => {
  const SEVEN = ['Bash', 'Read', 'Edit', 'Write', 'NotebookEdit', 'Glob', 'Grep'];

  it('removes bare-denied tools, --disallowedTools, and gates Glob/Grep without an opt-in', () => {
    expect(
      offeredTools(
        SEVEN,
        ctx({
          cli: { disallowedTools: ['Write'] },
          sources: { project: perms({ deny: ['Bash', 'Bash(rm:*)'] }) },
        }),
      ),
    ).toEqual({
      offered: ['Read', 'Edit', 'NotebookEdit'],
      removed: {
        Bash: '<tool_use_error>Error: No such tool available: Bash. Bash is disabled for this session, in subagents as well as here.</tool_use_error>',
        Write:
          '<tool_use_error>Error: No such tool available: Write. Write is disabled for this session, in subagents as well as here.</tool_use_error>',
        Glob: '<tool_use_error>Error: No such tool available: Glob. Glob is not available in this session — find files with `find` via the Bash tool instead.</tool_use_error>',
        Grep: '<tool_use_error>Error: No such tool available: Grep. Grep is not available in this session — search file contents with `grep` via the Bash tool instead.</tool_use_error>',
      },
    });
  });

  it('opts Glob and Grep in through --tools, --allowedTools or the local-agent entrypoint', () => {
    expect([
      offeredTools(SEVEN, ctx({ cli: { tools: ['Bash', 'Glob'] } })),
      offeredTools(SEVEN, ctx({ cli: { allowedTools: ['Grep'] } })).offered,
      offeredTools(SEVEN, ctx({ env: { CLAUDE_CODE_ENTRYPOINT: 'local-agent' } })).offered,
    ]).toEqual([
      {
        offered: ['Bash', 'Glob'],
        removed: {
          Read: '<tool_use_error>Error: No such tool available: Read. Read is disabled for this session, in subagents as well as here.</tool_use_error>',
          Edit: '<tool_use_error>Error: No such tool available: Edit. Edit is disabled for this session, in subagents as well as here.</tool_use_error>',
          Write:
            '<tool_use_error>Error: No such tool available: Write. Write is disabled for this session, in subagents as well as here.</tool_use_error>',
          NotebookEdit:
            '<tool_use_error>Error: No such tool available: NotebookEdit. NotebookEdit is disabled for this session, in subagents as well as here.</tool_use_error>',
          Grep: '<tool_use_error>Error: No such tool available: Grep. Grep is disabled for this session, in subagents as well as here.</tool_use_error>',
        },
      },
      SEVEN,
      SEVEN,
    ]);
  });
});

describe('scripted classifier verdicts', () => {
  it('answers as the oracle does for a local (2.1.273) and an API (2.1.332) classifier', () => {
    expect([
      scriptedVerdict('block', undefined, PERMISSIONS_2_1_273),
      scriptedVerdict('block', 'unsupported', PERMISSIONS_2_1_273),
      scriptedVerdict(undefined, undefined, PERMISSIONS_2_1_273),
      scriptedVerdict('block', undefined, PERMISSIONS_2_1_332),
      scriptedVerdict({ severity: 70, category: 'Data Exfiltration' }, undefined, PERMISSIONS_2_1_332),
      scriptedVerdict('block', 'unsupported', PERMISSIONS_2_1_332),
      scriptedVerdict('allow', undefined, PERMISSIONS_2_1_332),
    ]).toEqual([
      'block',
      'block',
      undefined,
      {
        severity: 95,
        category: 'Irreversible Local Destruction',
        explanation: '[Irreversible Local Destruction] scripted by the oracle',
      },
      {
        severity: 70,
        category: 'Data Exfiltration',
        explanation: '[Data Exfiltration] scripted by the oracle',
      },
      undefined,
      {
        severity: 5,
        category: 'Irreversible Local Destruction',
        explanation: '[Irreversible Local Destruction] scripted by the oracle',
      },
    ]);
  });
});

describe('tools that ask no permission, in plan and auto mode', () => {
  const cron = (tool: string): PermissionRequest => ({ tool, kind: 'other', paths: [], input: {}, noPrompt: true });
  const behaviourOf = (mode: 'plan' | 'auto', behaviour = PERMISSIONS_2_1_273) => ctx({ mode, behaviour });
  it('CronCreate goes to the classifier in auto mode (both) and plan mode (2.1.332); CronList never does', async () => {
    const outcome = async (tool: string, mode: 'plan' | 'auto', b = PERMISSIONS_2_1_273) => {
      const d = await decide(cron(tool), behaviourOf(mode, b));
      return d.behavior === 'deny' ? (d.message ?? '') : d.behavior;
    };
    const unavailable =
      "Auto mode is unavailable: its safety check does not run for this session, so CronCreate was not run. Other actions that need the check will be denied too, and retrying won't help. Finish what you can without them, then tell the user what is blocked and that they can switch to another permission mode.";
    expect(
      await Promise.all([
        outcome('CronCreate', 'plan'),
        outcome('CronCreate', 'auto'),
        outcome('CronCreate', 'plan', PERMISSIONS_2_1_332),
        outcome('CronCreate', 'auto', PERMISSIONS_2_1_332),
        outcome('CronList', 'plan', PERMISSIONS_2_1_332),
        outcome('CronList', 'auto'),
      ]),
    ).toEqual([
      'allow',
      'Auto mode could not evaluate this action and is blocking it for safety — run with --debug for details. This is not a judgment that the action is unsafe. This is usually transient — wait briefly and try this action again as-is; don\'t rewrite it. If it keeps failing, continue with other tasks that don\'t require this action and come back to it later. Note: reading files, searching code, and other read-only operations do not require the classifier and can still be used.',
      unavailable,
      unavailable,
      'allow',
      'allow',
    ]);
  });
});
