import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { getProfile, recordedReleases } from '.';
import { ALL_TOOLS } from '../tools/registry';
import { PERMISSIONS_2_1_273 } from './2.1.273/permissions';
import { PERMISSIONS_2_1_332 } from './2.1.332/permissions';

interface RecordedTools {
  version: string;
  tools: {
    name: string;
    description: string;
    input_schema: { properties: Record<string, unknown>; required?: string[] };
  }[];
}

const readTools = (version: string, file: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, `../../conformance/results/${version}/${file}`), 'utf8'),
  ) as RecordedTools;

/** The seven tools as the oracle records them, then the background tools as the binary sent
 * them with `--tools Bash,Read,TaskOutput,TaskStop,SendMessage,ListAgents,Workflow,Monitor`,
 * then the web tools as sent with `--tools WebFetch,WebSearch`. */
const recorded = (version: string): RecordedTools => {
  const seven = readTools(version, '_tools.json');
  return {
    version: seven.version,
    tools: [
      ...seven.tools,
      ...readTools(version, '_tools-background.json').tools,
      ...readTools(version, '_tools-web.json').tools,
    ],
  };
};

describe.each(['2.1.273', '2.1.332'])('profile %s', (version) => {
  const profile = getProfile(version);
  const rec = recorded(version);

  it('sends the tool definitions exactly as the binary sent them', () => {
    // Tools the corpus records requests with (the seven, the background ones) as those requests
    // had them; the others (Agent, Skill, scheduling) as the binary's default tool dump
    // (oracle --tools-dump, oracle/tools-all) has them.
    const inRequests = new Set(rec.tools.map((t) => t.name));
    const dump = JSON.parse(
      readFileSync(join(import.meta.dirname, `../../oracle/tools-all/tools-all-${version}.json`), 'utf8'),
    ) as RecordedTools;
    // Deferred tools the dump leaves out (2.1.332) as a --raw recording had them once loaded.
    const deferredFile = join(import.meta.dirname, `${version}/tools-deferred.json`);
    // LSP, which only a plugin's language server brings, as a --raw recording had it (lsp-*).
    const lspFile = join(import.meta.dirname, `../../conformance/results/${version}/_tools-lsp.json`);
    const deferred = [
      ...(existsSync(deferredFile) ? (JSON.parse(readFileSync(deferredFile, 'utf8')) as RecordedTools).tools : []),
      ...(JSON.parse(readFileSync(lspFile, 'utf8')) as RecordedTools).tools,
    ];
    const fromRequests = profile.toolDefinitions.filter((d) => inRequests.has(d.name));
    const inDump = (n: string) => (JSON.parse(readFileSync(join(import.meta.dirname, `../../oracle/tools-all/tools-all-${version}.json`), 'utf8')) as RecordedTools).tools.some((t) => t.name === n);
    const fromDeferred = profile.toolDefinitions.filter((d) => !inRequests.has(d.name) && !inDump(d.name));
    expect(JSON.stringify(fromDeferred, null, 1)).toEqual(
      JSON.stringify(
        fromDeferred.map((d) => {
          const t = { ...(deferred.find((x) => x.name === d.name) as Record<string, unknown> | undefined) };
          delete t.defer_loading;
          return t;
        }),
        null,
        1,
      ),
    );
    const fromDump = profile.toolDefinitions.filter((d) => !inRequests.has(d.name) && inDump(d.name));
    expect([profile.version, JSON.stringify(fromRequests, null, 1)]).toEqual([
      rec.version,
      JSON.stringify(rec.tools, null, 1),
    ]);
    expect(JSON.stringify(fromDump, null, 1)).toEqual(
      JSON.stringify(
        fromDump.map((d) => dump.tools.find((t) => t.name === d.name)),
        null,
        1,
      ),
    );
  });

  it('has a tool module for every definition, whose schema takes the same parameters', () => {
    const rows = rec.tools.map((def) => {
      const tool = ALL_TOOLS.find((t) => t.name === def.name);
      const json = tool
        ? (z.toJSONSchema(tool.schema, { io: 'input', unrepresentable: 'any' }) as {
            properties?: Record<string, unknown>;
            required?: string[];
          })
        : undefined;
      const offered = new Set(Object.keys(def.input_schema.properties));
      return {
        name: def.name,
        // A parameter a later version added is in the schema and refused by the older profile.
        properties: Object.keys(json?.properties ?? {})
          .filter((k) => offered.has(k))
          .sort(),
        required: [...(json?.required ?? [])].sort(),
      };
    });
    expect(rows).toEqual(
      rec.tools.map((def) => ({
        name: def.name,
        properties: Object.keys(def.input_schema.properties).sort(),
        // A required parameter with a default is filled in when left out (task-output-defaults,
        // send-message-unknown, monitor-invalid); TaskOutput checks task_id itself
        // (task-output-missing-id: "Task ID is required").
        required: (def.input_schema.required ?? [])
          .filter(
            (k) =>
              !(
                typeof def.input_schema.properties[k] === 'object' &&
                'default' in (def.input_schema.properties[k] as object)
              ),
          )
          .filter((k) => !(def.name === 'TaskOutput' && k === 'task_id'))
          .sort(),
      })),
    );
  });
});

describe('profiles', () => {
  it('knows every recorded version', () => {
    expect(recordedReleases()).toEqual(['2.1.273', '2.1.332', '2.1.334', '2.1.335', '2.1.336', '2.1.337']);
  });

  it('refuses a version named like an Object property, as any unknown version', () => {
    const refusal = (version: string) => {
      try {
        getProfile(version);
        return 'accepted';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(['toString', 'constructor', '__proto__', '9.9.9'].map(refusal)).toEqual(
      ['toString', 'constructor', '__proto__', '9.9.9'].map(
        (v) => `Unknown Claude Code version ${v}; ${v === '9.9.9' ? 'nearest: 2.1.337' : 'known: 2.1.110 to 2.1.337'}`,
      ),
    );
  });

  it('relaxes read-before-edit and places notices apart for the default model only', () => {
    const row = (version: string, model: string) => {
      const p = getProfile(version);
      return [model, p.relaxedReadBeforeEdit(model), p.noticePlacement(model)];
    };
    expect([getProfile('2.1.273').defaultModel, getProfile('2.1.332').defaultModel]).toEqual([
      'claude-opus-5[1m]',
      'claude-opus-5-5',
    ]);
    expect([
      row('2.1.273', 'claude-opus-5[1m]'),
      row('2.1.273', 'claude-opus-4-6'),
      row('2.1.332', 'claude-opus-5-5'),
      row('2.1.332', 'claude-opus-4-6'),
    ]).toEqual([
      ['claude-opus-5[1m]', true, 'attachment'],
      ['claude-opus-4-6', false, 'inline'],
      ['claude-opus-5-5', true, 'attachment'],
      ['claude-opus-4-6', false, 'inline'],
    ]);
  });

  it('differs between 2.1.273 and 2.1.332 in exactly these switches and strings', () => {
    const flat = (o: object, prefix = ''): Record<string, unknown> =>
      Object.fromEntries(
        Object.entries(o).flatMap(([k, v]) =>
          v && typeof v === 'object' && !Array.isArray(v) && k !== 'permissions' && k !== 'quietNudge'
            ? Object.entries(flat(v as object, `${prefix}${k}.`))
            : [[`${prefix}${k}`, v]],
        ),
      );
    const a = flat(getProfile('2.1.273'));
    const b = flat(getProfile('2.1.332'));
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    expect(keys.filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))).toEqual([
      'agents.bypassNotes.claude-opus-5-5',
      'agents.framedHandBack',
      'agents.hiddenTypes',
      'agents.modelAliases.fable',
      'agents.modelAliases.haiku',
      'agents.modelAliases.opus',
      'agents.modelAliases.sonnet',
      'backgroundTimeoutMaxMs',
      'bashReportsInPlaceEdits',
      'claudeHomeDirs',
      'cron.file.foreignPrompt',
      'cron.file.keepsOtherEntries',
      'cron.file.maxAgeField',
      'cron.file.signIn',
      'cron.file.unreadable',
      'cron.maxAgeDays',
      'cron.nextRun',
      'defaultModel',
      'defaultToolSet',
      'deferQuickEnds',
      'deferredByDefault',
      'disabledTools.Monitor',
      'editSuffixNeedsWholeFile',
      'finalWaitMs',
      'finishRank.Glob',
      'finishRank.Grep',
      'finishRank.Read',
      'grepRejectsLiteralNewline',
      'hooks.allowOverridesPlan',
      'hooks.childNotesDir',
      'hooks.denyPrefixed',
      'hooks.effortLevel',
      'hooks.feedbackPreamble',
      'hooks.notesReversed',
      'hooks.textsTrimmed',
      'hooks.updatedInputTrailer',
      'listAgentsPages',
      'lsp.deferred',
      'namesReceivedType',
      'notebookCellKeysFollowType',
      'notebookKeepsFormat',
      'notebookReadSkipsBom',
      'nulPathEndsSession',
      'permissions',
      'powershell.definitions.absent.description',
      'powershell.definitions.absent.input_schema.properties.run_in_background.description',
      'powershell.definitions.absent.input_schema.properties.timeout.description',
      'powershell.definitions.pwsh.description',
      'powershell.definitions.pwsh.input_schema.properties.run_in_background.description',
      'powershell.definitions.pwsh.input_schema.properties.timeout.description',
      'quietNudge',
      'readAllowLargeBudgetBytes',
      'readDecodesUtf16le',
      'readEncodingNotes',
      'readFileThroughTrailingSlash',
      'readHugeFileSize.from',
      'readHugeFileSize.shown',
      'readImagePatchBudget',
      'readRefusedDevices',
      'repeatReadGuard',
      'skills.suggestable',
      'symlinkRefusalNamesTarget',
      'text.allowLargeHint',
      'text.allowLargeTooBig',
      'text.autoBackgroundNote',
      'text.binaryFileAdvice',
      'text.deviceRefusal',
      'text.invalidPagesAdvice',
      'text.memoryIfVersionTooLong',
      'text.nulPathRefusal',
      'text.reportFindingsSeverity',
      'text.wakeupNeedsNoop',
      'text.wakeupStopTail',
      'text.workflowMissingSource',
      'text.workflowNoReadHint',
      'text.workflowRerunTail',
      'text.workflowResume.lead',
      'text.workflowResume.tail',
      'toolDefinitions',
      'toolSearchHints.CronDelete',
      'toolSearchHints.CronList',
      'toolSearchHints.ExitWorktree',
      'toolSearchHints.TaskStop',
      'toolSearchHints.WebFetch',
      'toolSearchHints.WebSearch',
      'version',
      'webFetch.emptyAnswerError',
      'webFetch.invalidUrlMessage',
      'webFetch.schemaMaxUrl',
      'webFetch.truncationNote',
      'worktree.curlyQuotes',
      'worktree.pathSyscall',
      'worktree.restoredCwdFields',
      'writeKeepsBom',
      'writeRefusesDirectory',
      'writeRefusesUnsafeEncodings',
      'writeSymlinkIsPermissionDenial',
      'zodOptionMessage',
    ]);
  });

  it('carries the permission behaviour of its version', () => {
    expect([getProfile('2.1.273').permissions, getProfile('2.1.332').permissions]).toEqual([
      PERMISSIONS_2_1_273,
      PERMISSIONS_2_1_332,
    ]);
  });
});
