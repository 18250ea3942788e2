// Which tools a session offers, as the page lets a person choose it: the file family (the seven
// file tools, what a scenario without `tools` means), the chosen binary's own default set (no
// --tools flag: `"tools": null`), or any list (--tools <list>).
import { getProfile } from '../profiles';
import { defaultToolNames } from '../profiles/definitions';
import { SEVEN_TOOLS } from '../session/replay';

export type ToolSetChoice = 'files' | 'default' | 'custom';

export const FILE_TOOLS: readonly string[] = SEVEN_TOOLS;

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

export function choiceOf(tools: readonly string[] | null): ToolSetChoice {
  if (tools === null) return 'default';
  return same(tools, FILE_TOOLS) ? 'files' : 'custom';
}

/** The session's `tools` for a choice (`custom` keeps the person's list). */
export function toolsFor(choice: ToolSetChoice, custom: readonly string[]): string[] | null {
  if (choice === 'default') return null;
  return choice === 'files' ? [...FILE_TOOLS] : [...custom];
}

/** Every tool a version defines, for the custom list: its default set first, then the rest. */
export function versionToolNames(version: string): string[] {
  const p = getProfile(version);
  const names = defaultToolNames(p);
  for (const d of p.toolDefinitions)
    if (d.defer_loading !== true && !names.includes(d.name)) names.push(d.name);
  return names;
}
