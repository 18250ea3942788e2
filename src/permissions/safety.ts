// The write safety check: paths Claude Code asks about before any write, whatever the allow
// rules and in acceptEdits too (its own configuration, version-control internals, editor, shell
// and hook configuration). bypassPermissions writes them; auto and plan mode send the call to
// the classifier; dontAsk refuses it. Shared by the file tools (files.ts) and Bash's file
// commands, which the binary refuses with the same texts (`cp a.txt .git/hooks/pre-commit` in
// default mode: "Claude requested permissions to edit <path> which is a sensitive file.").
import { askSensitive, askWrite } from './messages';
import { isInside } from './paths';
import type { SensitivePathTable } from './types';

/** 'sensitive': asked about as "a sensitive file"; 'config': asked about with the ordinary
 * "write to … you haven't granted it yet" text; undefined: an ordinary path. */
export type WriteSafety = 'sensitive' | 'config' | undefined;

const lower = (s: string) => s.toLowerCase();

/** `path` absolute and normalised; `cwd` the project directory. Names compare
 * case-insensitively. Where a path meets both kinds (`.git/.claude/settings.json`, not
 * recorded), sensitive wins. */
export function writeSafety(path: string, cwd: string, table: SensitivePathTable): WriteSafety {
  const segs = path.split('/').filter(Boolean).map(lower);
  const base = segs[segs.length - 1] ?? '';
  if (table.files.some((f) => lower(f) === base)) return 'sensitive';
  const dirs = table.dirs.map(lower);
  if (segs.some((s) => dirs.includes(s))) return 'sensitive';
  for (const run of table.runs) {
    const r = run.map(lower);
    for (let i = 0; i + r.length <= segs.length; i++)
      if (r.every((x, k) => segs[i + k] === x)) return 'sensitive';
  }

  const { claude } = table;
  const cdir = lower(claude.dir);
  const projectDepth = cwd.split('/').filter(Boolean).length;
  const inProject = isInside(lower(path), lower(cwd));
  let found: WriteSafety;
  for (let i = 0; i < segs.length; i++) {
    if (segs[i] !== cdir) continue;
    const next = segs[i + 1];
    if (next === undefined) found = 'config';
    else if (claude.plainBelow.some((d) => lower(d) === next)) continue;
    else if (i + 2 === segs.length && claude.configFiles.some((f) => lower(f) === next)) found = 'config';
    else if (inProject && i === projectDepth && claude.projectConfigDirs.some((d) => lower(d) === next))
      found = 'config';
    else return 'sensitive';
  }
  return found;
}

export interface SafetyAsk {
  path: string;
  safety: 'sensitive' | 'config';
  /** The prompt's text: "… which is a sensitive file." or the ordinary "write to …" one. */
  message: string;
  reason: string;
}

/** The write safety check of a set of written paths, in the order given: the first path with a
 * class decides the prompt. Bash's file commands and redirections are checked so, before the
 * working directories and before any allow rule (probe p1, both versions: `touch b.txt .mcp.json`
 * in default mode names .mcp.json, `touch .git/x` past `Bash(touch:*)` asks, `touch ~/.bashrc`
 * and `touch /tmp/.gitconfig` ask rather than being blocked as outside). */
export function firstUnsafeWrite(
  paths: readonly string[],
  cwd: string,
  table: SensitivePathTable,
): SafetyAsk | undefined {
  for (const path of paths) {
    const safety = writeSafety(path, cwd, table);
    if (!safety) continue;
    return safety === 'sensitive'
      ? {
          path,
          safety,
          message: askSensitive(path),
          reason: `${path} is a sensitive path, which Claude Code asks about before every write`,
        }
      : {
          path,
          safety,
          message: askWrite(path),
          reason: `${path} is Claude Code's own configuration, which it asks about before every write`,
        };
  }
  return undefined;
}
