// The measured changelog of the tool layer (conformance/changelog.json): per release, what its
// default tool definitions and its recorded behaviour changed, each behaviour with the scenarios
// that show it. Written by the intake (src/cli/intake.ts) and the bisection (src/cli/bisect.ts);
// read by the CLI and the page. The format is documented in conformance/README.md ("The
// changelog").
import { z } from 'zod';

/** How a behaviour shows in a recording: the grouping the intake gives each difference. */
export const BEHAVIOUR_KINDS = [
  'what the model sees',
  'structured result',
  'permission denials',
  'files left',
  'default model',
] as const;

const behaviour = z.strictObject({
  /** The scenarios' area (the id's first word when the scenario names none). */
  area: z.string().min(1),
  kind: z.enum(BEHAVIOUR_KINDS),
  /** A person's one-line name for the change, once checked (absent: not named yet). */
  summary: z.string().optional(),
  /** Scenario ids of the hand-written corpus (conformance/scenarios/<id>.json), recorded on both
   * `base` and `version`, whose results differ in this way. */
  scenarios: z.array(z.string().min(1)).min(1),
  /** One difference, shortened: `<scenario> <path>: <on base> → <on version>`. */
  example: z.string(),
});

const entry = z.strictObject({
  /** The release in which the changes below are first recorded. */
  version: z.string().regex(/^\d+\.\d+\.\d+$/),
  /** The release compared with: the newest release before `version` recorded on the same
   * scenarios (for `tools`, the previous release in the registry). */
  base: z.string().regex(/^\d+\.\d+\.\d+$/),
  /** No release of the registry lies between `base` and `version`: the change point is found.
   * When false the change happened in one of the releases after `base`, up to `version`. */
  exact: z.boolean(),
  /** Scenarios recorded on `version`: the whole hand-written corpus for an intake, the bisected
   * scenarios for a midpoint, 0 when only its tool definitions were dumped. */
  recorded: z.number().int().nonnegative(),
  /** The default tool set's changes over the previous release in the registry:
   * `<Tool>: <field>, <field>`, `<Tool>: added`, `<Tool>: removed` or `order`. */
  tools: z.array(z.string()),
  behaviours: z.array(behaviour),
});

/** Newest release first; one entry per release that changed something (a release with no entry
 * behaves as its predecessor on everything recorded). */
export const changelogSchema = z.array(entry);

export type ChangelogEntry = z.infer<typeof entry>;
export type ChangelogBehaviour = z.infer<typeof behaviour>;

/** Parses changelog.json's contents; a malformed file is an error naming the entry. */
export function parseChangelog(data: unknown): ChangelogEntry[] {
  const r = changelogSchema.safeParse(data);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new Error(`conformance/changelog.json: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return r.data;
}
