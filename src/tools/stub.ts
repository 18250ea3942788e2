// A tool the chosen version offers that this build does not emulate yet: offered with its real
// definition, answering every call with a clear "not emulated" error rather than a wrong result.
import { z } from 'zod';
import type { ToolModule } from './types';

/** The text such a call returns; the page marks these calls as not emulated. */
export const notEmulatedText = (name: string): string =>
  `cc-playground does not emulate ${name} yet (not emulated): the real Claude Code would run it; no result was recorded for this call.`;

/** Whether a result is a not-emulated stand-in's (the page marks it). */
export const isNotEmulated = (r: { content: unknown }): boolean =>
  typeof r.content === 'string' && r.content.startsWith('<tool_use_error>cc-playground does not emulate ');

export function notEmulated(name: string): ToolModule<Record<string, unknown>, string> {
  return {
    name,
    notEmulated: true,
    schema: z.record(z.string(), z.unknown()),
    isReadOnly: () => false,
    isConcurrencySafe: () => false,
    permissionRequest: (input) => ({ tool: name, kind: 'other', paths: [], input }),
    call: () => Promise.resolve(notEmulatedText(name)),
    render: (text) => ({ content: `<tool_use_error>${text}</tool_use_error>`, is_error: true }),
    explain: () =>
      `${name} is not emulated in this build: its definition is the real one, its results are not.`,
  };
}
