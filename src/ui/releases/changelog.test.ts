import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../profiles/types';
import { readChangelog, toolChanges } from './changelog';

const def = (name: string, description = name): ToolDefinition => ({ name, description, input_schema: {} });

describe('the changelog reader', () => {
  it('reads the intake entries, newest first, with the tool definitions that changed', () => {
    const sets = new Map([
      ['1.0.9', [def('A'), def('B')]],
      ['1.0.10', [def('A', 'new words'), def('C')]],
    ]);
    const json = [
      {
        version: '1.0.10',
        base: '1.0.9',
        recorded: 12,
        tools: [],
        behaviours: [{ area: 'read', kind: 'what the model sees', scenarios: ['read-x'], example: 'a → b' }],
      },
      { version: 'not a release', behaviours: [{ area: 'x', scenarios: ['y'] }] },
      { version: '1.0.8', behaviours: [null, 'text', { area: 'bash', kind: 'permission denials', scenarios: [{ id: 'bash-y' }] }] },
    ];
    expect(readChangelog(json, sets)).toEqual([
      {
        version: '1.0.10',
        base: '1.0.9',
        recorded: 12,
        behaviours: [{ area: 'read', kind: 'what the model sees', scenarios: ['read-x'], example: 'a → b' }],
        tools: [
          { tool: 'A', change: 'changed', fields: ['description'] },
          { tool: 'C', change: 'added', fields: [] },
          { tool: 'B', change: 'removed', fields: [] },
        ],
        reordered: false,
      },
      {
        version: '1.0.8',
        behaviours: [{ area: 'bash', kind: 'permission denials', scenarios: ['bash-y'] }],
        tools: [],
        reordered: false,
      },
    ]);
  });

  it('takes entries keyed by release and the change points bisection placed', () => {
    const json = {
      '2.0.1': {
        changePoints: [{ tool: 'grep', what: 'files left', scenarios: ['grep-a'], since: '2.0.1' }],
      },
    };
    expect(readChangelog(json)).toEqual([
      {
        version: '2.0.1',
        behaviours: [{ area: 'grep', kind: 'files left', scenarios: ['grep-a'], since: '2.0.1' }],
        tools: [],
        reordered: false,
      },
    ]);
  });

  it('reads the agreed format: exactness, tool changes as the intake words them, a summary', () => {
    const json = [
      {
        version: '2.0.3',
        base: '2.0.1',
        exact: false,
        recorded: 0,
        tools: ['ToolSearch: input_schema, description', 'CronList: removed', 'Monitor: added', 'order'],
        behaviours: [{ area: 'read', kind: 'what the model sees', summary: 'lines from 1', scenarios: ['r'], example: 'e' }],
      },
    ];
    // The entry's own tool list stands; the history's for the same release is not added to it.
    const sets = new Map([
      ['2.0.1', [def('A')]],
      ['2.0.3', [def('B')]],
    ]);
    expect(readChangelog(json, sets)).toEqual([
      {
        version: '2.0.3',
        base: '2.0.1',
        exact: false,
        recorded: 0,
        behaviours: [{ area: 'read', kind: 'what the model sees', summary: 'lines from 1', scenarios: ['r'], example: 'e' }],
        tools: [
          { tool: 'ToolSearch', change: 'changed', fields: ['input_schema', 'description'] },
          { tool: 'CronList', change: 'removed', fields: [] },
          { tool: 'Monitor', change: 'added', fields: [] },
        ],
        reordered: true,
      },
    ]);
  });

  it('says when only the order of the tools moved', () => {
    expect(toolChanges([def('A'), def('B')], [def('B'), def('A')])).toEqual({ tools: [], reordered: true });
  });
});
