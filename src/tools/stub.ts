// A tool whose module is not written yet: offered with its real definition, answering every
// call with a clear error rather than a wrong result.
import { z } from 'zod';
import type { ToolModule } from './types';

export function notImplemented(name: string): ToolModule<Record<string, unknown>, string> {
  return {
    name,
    schema: z.record(z.string(), z.unknown()),
    isReadOnly: () => false,
    isConcurrencySafe: () => false,
    permissionRequest: (input) => ({ tool: name, kind: 'other', paths: [], input }),
    call: () => Promise.resolve(`cc-playground does not implement ${name} yet.`),
    render: (text) => ({ content: `<tool_use_error>${text}</tool_use_error>`, is_error: true }),
    explain: () => `${name} is not implemented in this build.`,
  };
}
