// Share links: `#s1.` + base64url (RFC 4648 §5, unpadded) of raw DEFLATE (RFC 1951) of the
// UTF-8 JSON of a scenario, `format`, `version` and `model` included so the link replays under
// the same behaviour version for ever. Decoding treats the link as hostile: every limit is
// checked before the next, more expensive, step.
import { getProfile } from '../profiles';
import type { BackendName } from '../workspace/types';
import { describeIssues, scenarioSchema, type Scenario } from '../scenario/schema';
import { parseUntrustedJson } from '../scenario/untrusted-json';
import { scenarioPathIssues } from '../scenario/materialise';
import { base64urlToBytes, bytesToBase64url } from './base64url';
import { deflateRaw, inflateRawBounded } from './deflate';
import {
  checkScenarioLimits,
  DEFAULT_LIMITS,
  scenarioFigures,
  type LimitExceeded,
  type Limits,
} from './limits';
import {
  CURRENT_LINK_VERSION,
  LINK_VERSIONS,
  migrateScenario,
  SCENARIO_FORMAT,
  type LinkVersion,
} from './migrate';

export type LinkError =
  | { code: 'not-a-link' }
  | { code: 'unknown-version'; version: string }
  | { code: 'too-long'; chars: number; max: number }
  | { code: 'bad-base64' }
  | { code: 'bad-deflate' }
  | { code: 'too-large'; max: number }
  | { code: 'bad-utf8' }
  | { code: 'bad-json'; message: string }
  | { code: 'unknown-format'; format: string }
  | { code: 'bad-scenario'; issues: { path: string; message: string }[] }
  | { code: 'unknown-behaviour-version'; version: string }
  | ({ code: 'over-limit' } & LimitExceeded);

export interface DecodedScenario {
  scenario: Scenario;
  /** The link version and scenario format it was written in (before migration). */
  linkVersion: LinkVersion | null;
  fromFormat: string | null;
  /** Bash calls, shell actions or git setup: a real-Node backend must ask before running it. */
  runsShell: boolean;
}

export type DecodeOutcome = { ok: true; value: DecodedScenario } | { ok: false; error: LinkError };

const utf8 = new TextEncoder();

/** The scenario as a link carries it: current format, behaviour version and model filled in. */
export function stampScenario(s: Scenario): Scenario {
  const profile = getProfile(s.version);
  const { format: _f, version: _v, model: _m, ...rest } = s;
  return {
    format: SCENARIO_FORMAT,
    version: profile.version,
    model: s.model ?? profile.defaultModel,
    ...rest,
  };
}

export async function encodePayload(s: Scenario): Promise<string> {
  return bytesToBase64url(await deflateRaw(utf8.encode(JSON.stringify(stampScenario(s)))));
}

/** The fragment without `#`: `s1.<payload>`. */
export async function encodeLinkFragment(s: Scenario): Promise<string> {
  return `${CURRENT_LINK_VERSION}.${await encodePayload(s)}`;
}

/** A full URL: `base` with its fragment replaced by the scenario's. */
export async function shareUrl(base: string, s: Scenario): Promise<string> {
  const hashAt = base.indexOf('#');
  return `${hashAt < 0 ? base : base.slice(0, hashAt)}#${await encodeLinkFragment(s)}`;
}

export { looksLikeLink } from './looks';

/** JSON text (from a link or a scenario file) -> a checked scenario. */
export function checkScenarioJson(
  text: string,
  limits: Limits = DEFAULT_LIMITS,
): { ok: true; value: Omit<DecodedScenario, 'linkVersion'> } | { ok: false; error: LinkError } {
  const read = parseUntrustedJson(text);
  if (!read.ok) return { ok: false, error: { code: 'bad-json', message: read.message } };
  const json = read.value;
  if (!json || typeof json !== 'object' || Array.isArray(json))
    return {
      ok: false,
      error: { code: 'bad-scenario', issues: [{ path: '(root)', message: 'expected a JSON object' }] },
    };
  const migrated = migrateScenario(json as Record<string, unknown>);
  if (!migrated.ok) return { ok: false, error: { code: 'unknown-format', format: migrated.format } };
  const parsed = scenarioSchema.safeParse(migrated.json);
  if (!parsed.success)
    return { ok: false, error: { code: 'bad-scenario', issues: describeIssues(parsed.error) } };
  const scenario = parsed.data;
  const outside = scenarioPathIssues(scenario);
  if (outside.length > 0) return { ok: false, error: { code: 'bad-scenario', issues: outside } };
  const over = checkScenarioLimits(scenario, limits);
  if (over) return { ok: false, error: { code: 'over-limit', ...over } };
  try {
    getProfile(scenario.version);
  } catch {
    return { ok: false, error: { code: 'unknown-behaviour-version', version: String(scenario.version) } };
  }
  return {
    ok: true,
    value: { scenario, fromFormat: migrated.from, runsShell: scenarioFigures(scenario).shellCommands > 0 },
  };
}

export async function decodeLinkFragment(
  fragment: string,
  limits: Limits = DEFAULT_LIMITS,
): Promise<DecodeOutcome> {
  const frag = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  // Length first: nothing else is looked at in an oversized link.
  if (frag.length > limits.fragmentChars)
    return { ok: false, error: { code: 'too-long', chars: frag.length, max: limits.fragmentChars } };
  const m = /^(s\d+)\.(.*)$/s.exec(frag);
  if (!m) return { ok: false, error: { code: 'not-a-link' } };
  const version = m[1] as string;
  if (!(LINK_VERSIONS as readonly string[]).includes(version))
    return { ok: false, error: { code: 'unknown-version', version } };
  const bytes = base64urlToBytes(m[2] as string);
  if (!bytes || bytes.length === 0) return { ok: false, error: { code: 'bad-base64' } };
  const inflated = await inflateRawBounded(bytes, limits.inflatedBytes);
  if (!inflated.ok)
    return {
      ok: false,
      error:
        inflated.code === 'over-cap'
          ? { code: 'too-large', max: limits.inflatedBytes }
          : { code: 'bad-deflate' },
    };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(inflated.bytes);
  } catch {
    return { ok: false, error: { code: 'bad-utf8' } };
  }
  const checked = checkScenarioJson(text, limits);
  if (!checked.ok) return checked;
  return { ok: true, value: { ...checked.value, linkVersion: version as LinkVersion } };
}

const n = (x: number) => x.toLocaleString('en-US');
const LIMIT_WORDS: Record<LimitExceeded['limit'], string> = {
  files: 'files',
  totalFileBytes: 'bytes of file content',
  calls: 'tool calls',
  turns: 'model calls',
  sleepMs: 'milliseconds of sleep actions',
};

/** The message people see (plain text, never HTML). */
export function describeLinkError(e: LinkError): string {
  switch (e.code) {
    case 'not-a-link':
      return 'This is not a scenario link: it should start with #s1. followed by the scenario data.';
    case 'unknown-version':
      return `This link uses format ${e.version}, which this version of the playground does not know. It may come from a newer playground.`;
    case 'too-long':
      return `This link is ${n(e.chars)} characters long; links are limited to ${n(e.max)}. Share a scenario file instead.`;
    case 'bad-base64':
      return 'This link is damaged: its data contains characters that cannot appear in a scenario link. It may have been cut or edited.';
    case 'bad-deflate':
      return 'This link is damaged or cut short: its data does not decompress. Copy the whole link again.';
    case 'too-large':
      return `This link decompresses to more than ${n(e.max)} bytes and was refused.`;
    case 'bad-utf8':
      return 'This link is damaged: its data is not UTF-8 text.';
    case 'bad-json':
      return `This link is damaged: its data is not valid JSON (${e.message}).`;
    case 'unknown-format':
      return `This link holds a scenario in format ${e.format}, which this version of the playground does not know.`;
    case 'bad-scenario':
      return `This link does not hold a valid scenario: ${e.issues
        .slice(0, 5)
        .map((i) => `${i.path}: ${i.message}`)
        .join('; ')}${e.issues.length > 5 ? `; and ${e.issues.length - 5} more` : ''}.`;
    case 'unknown-behaviour-version':
      return `This link replays Claude Code ${e.version}, which this playground does not emulate.`;
    case 'over-limit':
      return `This link asks for ${n(e.value)} ${LIMIT_WORDS[e.limit]}; the limit is ${n(e.max)}.`;
  }
}

/** A backend that runs commands on a real OS process (WebContainer's Node, the disk backend). */
export const REAL_SHELL_BACKENDS: readonly BackendName[] = ['webcontainer', 'disk'];

/** Whether a decoded link must wait for a click before it replays on this backend. */
export function needsClickToRun(d: Pick<DecodedScenario, 'runsShell'>, backend: BackendName): boolean {
  return d.runsShell && REAL_SHELL_BACKENDS.includes(backend);
}
