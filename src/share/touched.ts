// A session on an imported project shares a scenario of the files it touched, not the project:
// the files its calls named, read (the ledger), found (Grep/Glob result lines) or changed, as
// they were when the session started. The link says what it leaves out.
import type { FileSnapshot, ModelCallRecord } from '../session/engine';
import type { Scenario } from '../scenario/schema';
import { JournalTree, sameEntry } from '../session/journal';
import { bytesToBase64 } from './base64';

const PATH_KEYS = ['file_path', 'notebook_path', 'path'] as const;

/** Absolute paths a session's model calls touched. */
export function touchedPaths(history: readonly ModelCallRecord[]): Set<string> {
  const out = new Set<string>();
  for (const rec of history) {
    for (const c of rec.calls) {
      const input = (c.input ?? {}) as Record<string, unknown>;
      for (const k of PATH_KEYS) if (typeof input[k] === 'string') out.add(input[k]);
      // Result lines that name a file (Grep's files and content modes, Glob): "path" or "path:…".
      const content = c.rendered.content;
      if (typeof content === 'string')
        for (const line of content.split('\n')) {
          const m = /^(\/[^:\n]+?)(?::\d+[:-]|$)/.exec(line);
          if (m?.[1]) out.add(m[1]);
        }
    }
    for (const e of rec.ledger) out.add(e.path);
    const { files, filesBefore } = rec;
    if (files instanceof JournalTree && filesBefore instanceof JournalTree) {
      for (const p of files.changedAgainst(filesBefore) ?? []) out.add(p);
    } else if (files && filesBefore) {
      for (const [p, v] of files) if (!sameEntry(filesBefore.get(p), v)) out.add(p);
      for (const p of filesBefore.keys()) if (!files.has(p)) out.add(p);
    }
  }
  return out;
}

export interface TouchedScenario {
  scenario: Scenario;
  /** Files of the project the scenario carries, and how many it leaves out. */
  carried: number;
  left: number;
  note: string;
}

/** The scenario with the touched files of the project as they were at `start`. */
export function scenarioOfTouched(
  scenario: Scenario,
  history: readonly ModelCallRecord[],
  start: FileSnapshot,
  cwd: string,
): TouchedScenario {
  const files: NonNullable<Scenario['files']> = { ...scenario.files };
  const dec = new TextDecoder('utf-8', { fatal: true });
  let carried = 0;
  const touched = touchedPaths(history);
  for (const p of [...touched].sort()) {
    if (!p.startsWith(`${cwd}/`)) continue;
    const v = start.get(p);
    if (v === undefined) continue;
    const rel = p.slice(cwd.length + 1);
    if (v instanceof Uint8Array) {
      let text: string | undefined;
      try {
        text = v.includes(0) ? undefined : dec.decode(v);
      } catch {
        text = undefined;
      }
      files[rel] = text !== undefined ? { text } : { base64: bytesToBase64(v) };
    } else files[rel] = { symlink: v.symlink };
    carried++;
  }
  const left = Math.max(0, start.size - carried);
  const note = `Imported project: this link carries the ${carried} of ${start.size} files the session read, wrote, searched or found; the other ${left} are left out, so a Grep, Glob or Bash over the whole project replays on these files only.`;
  return {
    scenario: { ...scenario, files, description: [scenario.description, note].filter(Boolean).join(' ') },
    carried,
    left,
    note,
  };
}
