// Bisected (conformance/results/2.1.285): the default model drops its 1M suffix (agent-*
// resolvedModel), input errors name the type received (cron-input-errors,
// powershell-nopwsh-bypass, tools-deferred-call-before-fetch) and memory's version limit is
// worded by zod 4 (memory-basics).
import type { ProfileDelta } from '../chain';

export const delta_2_1_285: ProfileDelta = {
  defaultModel: 'claude-opus-5-5',
  namesReceivedType: true,
  text: { memoryIfVersionTooLong: 'Too big: expected string to have <=64 characters' },
};
