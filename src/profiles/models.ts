// Model-dependent switches both recorded versions share (oracle README, "Model-dependent
// behaviour"): the 4.x family keeps the strict read-before-edit rule and gets its notices inline.
import type { Profile } from './types';

const STRICT = /^claude-(opus|sonnet|haiku)-4/;

/** A model name without its context-window suffix (`claude-opus-5[1m]`). */
export const baseModel = (model: string): string => model.replace(/\[1m\]$/, '');

/** Models whose sessions carry no effort level: their hook inputs have no `effort` and hooks get
 * no CLAUDE_EFFORT (recorded on both versions for claude-haiku-4-5 and claude-sonnet-4-5). */
const NO_EFFORT = /^claude-(haiku|sonnet)-4-5(-\d{8})?$/;

/** The effort level of a session on `model`: the version's default model has the profile's level;
 * claude-opus-4-5, -4-6, -5 and claude-sonnet-4-6 were recorded with `high` on both versions,
 * which models not recorded are assumed to share. */
export function effortLevel(model: string, defaultModel: string, defaultLevel: string): string | undefined {
  const m = baseModel(model);
  if (NO_EFFORT.test(m)) return undefined;
  return m === baseModel(defaultModel) ? defaultLevel : 'high';
}

/** Models of the 4.x families. */
export const isStrictModel = (model: string): boolean => STRICT.test(model);

export const MODEL_SWITCHES: Pick<
  Profile,
  'relaxedReadBeforeEdit' | 'noticePlacement' | 'wrappedNoticeModels' | 'trailingNote'
> = {
  relaxedReadBeforeEdit: (model) => !STRICT.test(model),
  noticePlacement: (model) => (STRICT.test(model) ? 'inline' : 'attachment'),
  // Recorded on both versions (main conversation and subagents): the environment update, the
  // PARTIAL-view notice and the agent listing; claude-sonnet-5-5, -6 and the 4.x models do not.
  wrappedNoticeModels: ['claude-sonnet-5'],
  // Recorded on both versions, main conversation and subagents, with one to three tool turns
  // and parallel calls; claude-fable-5, -5-2, -4 and -6 do not get it.
  trailingNote: {
    models: ['claude-fable-5-1'],
    text: "First privately list what you need next; then request every item that doesn't depend on another's result in this one response.",
  },
};
