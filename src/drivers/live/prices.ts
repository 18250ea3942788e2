// Prices for the cost estimate, USD per million tokens, the one place they are kept.
// Source: Anthropic's pricing page, https://platform.claude.com/docs/en/about-claude/pricing
// ("Model pricing": base input, 5-minute cache writes, cache hits, output), and the model
// overview pages for Opus 5, Opus 5.5 and Sonnet 5 (platform.claude.com/docs/.../models/...),
// as read in December 2026. Sonnet 5.5's cache hits are the rate after the cut of 2026-10-07.
// Haiku 5.5 is priced by prompt length: the rates below are those of prompts up to 100,000
// tokens; longer prompts cost five times as much (see `longPrompt`). Where a model is not in
// the table the page shows no estimate rather than a guess.
import type { Usage } from './message';

export interface Price {
  input: number;
  output: number;
  /** 5-minute cache writes (the default cache_control lifetime). */
  cacheWrite: number;
  cacheRead: number;
  /** Rates for prompts (input + cache reads + cache writes) over `threshold` tokens. */
  longPrompt?: { threshold: number; factor: number };
}

/** Matched by model id prefix, longest first (`claude-opus-5-5` before `claude-opus-5`). */
export const PRICES: Readonly<Record<string, Price>> = {
  'claude-fable-5-1': { input: 10, output: 50, cacheWrite: 12.5, cacheRead: 0.25 },
  'claude-fable-5': { input: 10, output: 50, cacheWrite: 12.5, cacheRead: 1 },
  'claude-opus-5-5': { input: 4, output: 20, cacheWrite: 5, cacheRead: 0.2 },
  'claude-opus-5': { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
  'claude-opus-4-8': { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
  'claude-opus-4-7': { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
  'claude-opus-4-6': { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
  'claude-opus-4-5': { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
  'claude-opus-4-1': { input: 15, output: 75, cacheWrite: 18.75, cacheRead: 1.5 },
  'claude-opus-4': { input: 15, output: 75, cacheWrite: 18.75, cacheRead: 1.5 },
  'claude-sonnet-5-5': { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.1 },
  'claude-sonnet-5': { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.2 },
  'claude-sonnet-4': { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 },
  'claude-haiku-5-5': {
    input: 0.1,
    output: 0.5,
    cacheWrite: 0.125,
    cacheRead: 0.01,
    longPrompt: { threshold: 100_000, factor: 5 },
  },
  'claude-haiku-4-5': { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 },
  'claude-3-5-haiku': { input: 0.8, output: 4, cacheWrite: 1, cacheRead: 0.08 },
};

/** The price of a model id (`claude-opus-5[1m]` and dated ids such as `claude-haiku-4-5-20251001`
 * included), or undefined when the table does not know it. */
export function priceOf(model: string): Price | undefined {
  const id = model.replace(/\[.*\]$/, '').toLowerCase();
  const key = Object.keys(PRICES)
    .filter((k) => id === k || id.startsWith(`${k}-`))
    .sort((a, b) => b.length - a.length)[0];
  return key === undefined ? undefined : PRICES[key];
}

/** USD for one call's usage, or undefined for a model the table does not know. */
export function estimateCost(model: string, u: Usage): number | undefined {
  const p = priceOf(model);
  if (!p) return undefined;
  const prompt = u.input_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens;
  const f = p.longPrompt && prompt > p.longPrompt.threshold ? p.longPrompt.factor : 1;
  return (
    (f *
      (u.input_tokens * p.input +
        u.output_tokens * p.output +
        u.cache_creation_input_tokens * p.cacheWrite +
        u.cache_read_input_tokens * p.cacheRead)) /
    1_000_000
  );
}
