// Public API of the permission engine (see README.md in this folder).
export { decide, offeredTools, validateRules } from './engine';
export { collectRules, parseRule, resolveMode, workingDirectories } from './rules';
export type { Rule, RuleValue } from './rules';
export { bashSpecifierMatches, MAX_COMMAND_LENGTH } from './bash';
export { isInside, normalizePath, resolvePath, specifierMatches } from './paths';
export { readDenyFilter, readDeniedPaths } from './filter';
export type { ReadBatch } from './filter';
export { scriptedVerdict } from './behaviour';
export type * from './types';
export { callSandbox, sandboxEnabled, sandboxViolation } from './sandbox';
export type { SandboxPolicy, SandboxViolation } from './sandbox';
export { RUN_OUTSIDE_SANDBOX } from './engine';
