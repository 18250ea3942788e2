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

  it('says when only the order of the tools moved', () => {
    expect(toolChanges([def('A'), def('B')], [def('B'), def('A')])).toEqual({ tools: [], reordered: true });
  });
});
