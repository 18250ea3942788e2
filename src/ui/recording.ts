// A gallery scenario's recorded result as the first view shows it before the replay lands: the
// binary's own answers, read from the bundled corpus as plain JSON (no schema library, no tool
// layer), so they show while the replay engine still loads.
import { DEFAULT_VERSION } from '../profiles/releases';
import type { ContentBlock } from '../tools/types';
import { resultJson, scenarioJson } from './corpus';

export interface RecordedCall {
  id: string;
  tool: string;
  input: unknown;
  isError: boolean;
  content: string | ContentBlock[];
}

export interface Recording {
  /** The gallery scenario it was recorded for. */
  id: string;
  version: string;
  /** The main conversation's model calls. */
  turns: RecordedCall[][];
  /** Each scripted subagent's model calls, keyed by the prompt that starts it. */
  agents: Record<string, RecordedCall[][]>;
}

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

const isBlock = (b: unknown): boolean =>
  isRecord(b) &&
  ((b.type === 'text' && typeof b.text === 'string') ||
    (b.type === 'tool_reference' && typeof b.tool_name === 'string') ||
    ((b.type === 'image' || b.type === 'document') &&
      isRecord(b.source) &&
      typeof b.source.media_type === 'string' &&
      typeof b.source.data === 'string'));

/** Content as the model received it; anything of another shape is shown as its JSON. */
const contentOf = (c: unknown): string | ContentBlock[] =>
  typeof c === 'string'
    ? c
    : Array.isArray(c) && c.every(isBlock)
      ? (c as ContentBlock[])
      : JSON.stringify(c);

function callsOf(turns: unknown): RecordedCall[][] | undefined {
  if (!Array.isArray(turns)) return undefined;
  return turns.map((t) =>
    isRecord(t) && Array.isArray(t.calls)
      ? t.calls.filter(isRecord).map((c) => ({
          id: typeof c.id === 'string' ? c.id : '',
          tool: typeof c.tool === 'string' ? c.tool : '',
          input: c.input,
          isError: c.is_error === true,
          content: contentOf(c.content),
        }))
      : [],
  );
}

/** The recording of a result file's JSON; undefined when it holds no model calls. */
export function recordingOf(id: string, json: unknown): Recording | undefined {
  if (!isRecord(json)) return undefined;
  const turns = callsOf(json.turns);
  if (!turns || turns.length === 0 || typeof json.version !== 'string') return undefined;
  const agents: Record<string, RecordedCall[][]> = {};
  if (isRecord(json.agents))
    for (const [prompt, a] of Object.entries(json.agents)) {
      const calls = isRecord(a) ? callsOf(a.turns) : undefined;
      if (calls) agents[prompt] = calls;
    }
  return { id, version: json.version, turns, agents };
}

const loading = new Map<string, Promise<Recording | undefined>>();

/** What the release the replay will run under recorded for gallery scenario `id` (fetched once:
 * the entry may ask for it while the page boots). */
export function loadRecording(id: string): Promise<Recording | undefined> {
  let p = loading.get(id);
  if (!p) {
    p = fetchRecording(id);
    loading.set(id, p);
    // A failed fetch may succeed on the next try.
    p.catch(() => loading.delete(id));
  }
  return p;
}

async function fetchRecording(id: string): Promise<Recording | undefined> {
  const scenario = await scenarioJson(id);
  const version =
    isRecord(scenario) && typeof scenario.version === 'string' ? scenario.version : DEFAULT_VERSION;
  return recordingOf(id, await resultJson(id, version));
}
