// What a prompt for a file tool's call suggests: the rule "always allow" adds (a path rule on the
// directory) and the permission_suggestions a PermissionRequest hook is given.
import { dirname, relative, resolve } from 'pathe';
import { isInside, normalizePath } from '../../permissions';
import type { HookPrompt, RuleSuggester } from '../types';

/** A path rule for the directory a file call touches: `Edit(src/**)` inside the project
 * (`./**` for the project itself), `Read(//abs/dir/**)` outside it. */
function pathRule(family: string, dir: string, cwd: string): string {
  if (!isInside(dir, cwd)) return `${family}(/${dir}/**)`;
  const rel = relative(cwd, dir);
  return `${family}(${rel === '' ? '.' : rel}/**)`;
}

/** Where a call's own path field names a file (its directory is what the rule covers); other
 * tools name a directory to search. */
const namesFile = (input: unknown): boolean =>
  typeof input === 'object' && input !== null && ('file_path' in input || 'notebook_path' in input);

/** Rules of one family (Read for the tools that read, Edit for those that write) on the
 * directory of each path the request names (the working directory without one). */
export const pathRules =
  (family: 'Read' | 'Edit'): RuleSuggester =>
  (req, where) => {
    const cwd = normalizePath(where.cwd);
    const paths = req.paths.length ? req.paths.map(normalizePath) : [cwd];
    return paths.map((p) => pathRule(family, namesFile(req.input) ? dirname(p) : p, cwd));
  };

/** A prompt for a call that changes a file (hook-permreq-*, hook-permreq-suggestions): in
 * default mode acceptEdits, and adding its folder as a working directory when the file is
 * outside the project (in acceptEdits only that: a protected path inside gets an empty list);
 * plan mode's prompt carries none. */
export const editHookSuggestions =
  (key: string) =>
  (input: unknown, prompt: HookPrompt): Record<string, unknown>[] | null | undefined => {
    const file = (input as Record<string, unknown>)[key];
    if (typeof file !== 'string') return undefined;
    if (prompt.mode === 'plan') return null;
    const abs = normalizePath(resolve(prompt.cwd, file));
    const addDir = isInside(abs, prompt.cwd)
      ? []
      : [{ type: 'addDirectories', directories: [dirname(abs)], destination: 'session' }];
    return prompt.mode === 'acceptEdits' ? addDir : [ACCEPT_EDITS, ...addDir];
  };

export const ACCEPT_EDITS = { type: 'setMode', mode: 'acceptEdits', destination: 'session' };
