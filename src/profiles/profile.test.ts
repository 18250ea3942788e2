import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { getProfile } from '.';
import { ALL_TOOLS } from '../tools/registry';

const recorded = JSON.parse(readFileSync(join(import.meta.dirname, '../../conformance/results/2.1.273/_tools.json'), 'utf8')) as {
  tools: { name: string; description: string; input_schema: { properties: Record<string, unknown>; required?: string[] } }[];
};

describe('profile 2.1.273', () => {
  const profile = getProfile('2.1.273');

  it('sends the tool definitions exactly as the binary sent them', () => {
    expect(JSON.stringify(profile.toolDefinitions, null, 1)).toBe(JSON.stringify(recorded.tools, null, 1));
  });

  it('has a tool module for every definition, whose schema takes the same parameters', () => {
    const rows = recorded.tools.map((def) => {
      const tool = ALL_TOOLS.find((t) => t.name === def.name);
      const json = tool ? (z.toJSONSchema(tool.schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown>; required?: string[] }) : undefined;
      return {
        name: def.name,
        properties: Object.keys(json?.properties ?? {}).sort(),
        required: [...(json?.required ?? [])].sort(),
      };
    });
    expect(rows).toEqual(
      recorded.tools.map((def) => ({ name: def.name, properties: Object.keys(def.input_schema.properties).sort(), required: [...(def.input_schema.required ?? [])].sort() })),
    );
  });

  it('relaxes read-before-edit and places notices apart for the default model only', () => {
    expect([profile.defaultModel, profile.relaxedReadBeforeEdit('claude-opus-5[1m]'), profile.noticePlacement('claude-opus-5[1m]')]).toEqual([
      'claude-opus-5[1m]',
      true,
      'attachment',
    ]);
    expect([profile.relaxedReadBeforeEdit('claude-opus-4-6'), profile.noticePlacement('claude-opus-4-6')]).toEqual([false, 'inline']);
  });
});
