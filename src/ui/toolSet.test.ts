import { describe, expect, it } from 'vitest';
import { choiceOf, toolsFor, versionToolNames } from './toolSet';

describe('tool set choice', () => {
  it('maps the three choices to a session tools value and back', () => {
    expect(toolsFor('default', ['Read'])).toBeNull();
    expect(toolsFor('files', ['Read'])).toEqual([
      'Bash',
      'Read',
      'Edit',
      'Write',
      'NotebookEdit',
      'Glob',
      'Grep',
    ]);
    expect(toolsFor('custom', ['Read', 'CronList'])).toEqual(['Read', 'CronList']);
    expect(
      [null, ['Grep', 'Glob', 'Bash', 'Read', 'Edit', 'Write', 'NotebookEdit'], ['Read']].map(choiceOf),
    ).toEqual(['default', 'files', 'custom']);
  });

  it('offers every tool a version defines, its default set first', () => {
    expect(versionToolNames('2.1.332')).toEqual([
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
      'Glob',
      'Grep',
      'LSP',
    ]);
  });
});
