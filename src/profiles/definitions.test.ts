import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getProfile } from '.';
import { defaultToolNames, deferredListing, requestDefinitions, withSandbox } from './definitions';

const toolsAll = (v: string): unknown =>
  (JSON.parse(readFileSync(`${__dirname}/${v}/tools-default.json`, 'utf8')) as { tools: unknown }).tools;

describe('the default tool set ("tools": null)', () => {
  for (const v of ['2.1.273', '2.1.332']) {
    it(`sends exactly the oracle's tools-all dump (${v})`, () => {
      const p = getProfile(v);
      const offered = new Set(defaultToolNames(p));
      expect(requestDefinitions(p, null, offered)).toEqual(toolsAll(v));
      // The copy in the profile is the shared dump, byte for byte.
      expect(readFileSync(`${__dirname}/${v}/tools-default.json`, 'utf8')).toBe(
        readFileSync(`/work/shared/oracle/tools-all/tools-all-${v}.json`, 'utf8'),
      );
    });
  }

  it('2.1.273 offers 21 tools, 2.1.332 twelve with eleven deferred', () => {
    expect(defaultToolNames(getProfile('2.1.273'))).toHaveLength(21);
    const p = getProfile('2.1.332');
    expect(p.defaultToolSet).toHaveLength(12);
    expect(defaultToolNames(p)).toEqual([
      'Agent',
      'Bash',
      'Edit',
      'ListAgents',
      'Read',
      'ReportFindings',
      'ScheduleWakeup',
      'Skill',
      'ToolSearch',
      'Workflow',
      'Write',
      'CronCreate',
      'CronDelete',
      'CronList',
      'EnterWorktree',
      'ExitWorktree',
      'Monitor',
      'NotebookEdit',
      'SendMessage',
      'TaskStop',
      'WebFetch',
      'WebSearch',
    ]);
  });

  it('loaded deferred tools join the request in name order, sent with defer_loading (ts-a, --raw)', () => {
    const p = getProfile('2.1.332');
    const offered = new Set(defaultToolNames(p));
    const loaded = new Set([
      'CronCreate',
      'CronDelete',
      'CronList',
      'EnterWorktree',
      'ExitWorktree',
      'WebFetch',
      'WebSearch',
    ]);
    expect(
      requestDefinitions(p, null, offered, loaded).map(
        (d) => d.name + (d.defer_loading === true ? '(D)' : ''),
      ),
    ).toEqual([
      'Agent',
      'Bash',
      'CronCreate(D)',
      'CronDelete(D)',
      'CronList(D)',
      'Edit',
      'EnterWorktree(D)',
      'ExitWorktree(D)',
      'ListAgents',
      'Read',
      'ReportFindings',
      'ScheduleWakeup',
      'Skill',
      'ToolSearch',
      'WebFetch(D)',
      'WebSearch(D)',
      'Workflow',
      'DeferredToolPlaceholder(D)',
      'Write',
    ]);
  });

  it('lists the deferred tools to the model as 2.1.332 does; 2.1.273 has none', () => {
    expect(deferredListing(getProfile('2.1.332'))).toBe(
      'The following deferred tools are now available via ToolSearch. Their schemas are NOT loaded — calling them directly will fail with InputValidationError. Use ToolSearch with query "select:<name>[,<name>...]" to load tool schemas before calling them:\nCronCreate\nCronDelete\nCronList\nEnterWorktree\nExitWorktree\nMonitor\nNotebookEdit\nSendMessage\nTaskStop\nWebFetch\nWebSearch',
    );
    expect(deferredListing(getProfile('2.1.273'))).toBeUndefined();
  });
});

describe('the sandbox on (sandbox-tools recordings, --raw)', () => {
  const recorded = (v: string) =>
    JSON.parse(readFileSync(new URL(`./${v}/bash-sandbox.json`, import.meta.url), 'utf8')) as { input_schema: unknown };
  it("2.1.273 sends its Bash definition with allowed_domains added, byte for byte", () => {
    const bash = withSandbox(getProfile('2.1.273').toolDefinitions).find((d) => d.name === 'Bash');
    expect(JSON.stringify(bash)).toBe(JSON.stringify(recorded('2.1.273')));
  });
  it('2.1.332 adds the same parameter to the same schema', () => {
    const bash = withSandbox(getProfile('2.1.332').toolDefinitions).find((d) => d.name === 'Bash');
    expect(JSON.stringify(bash?.input_schema)).toBe(JSON.stringify(recorded('2.1.332').input_schema));
  });
});
