// What a Claude Code transcript's calls of the file tools reveal of the files a session started
// from (the session importer, drivers/import): shared by the tools whose results carry the same
// fields.
import type { TranscriptCall, TranscriptLearner } from '../types';

/** Write and Edit: the structured result's `originalFile` is the content before the call (null:
 * the file did not exist). `created` recognises a result that says the file was new, where the
 * transcript has no structured result. */
export function originalFileFrom(tool: string, created?: RegExp) {
  return ({ path, result }: TranscriptCall, l: TranscriptLearner): void => {
    if (!path) return;
    const s = result?.structured;
    if (result && !result.isError && s && 'originalFile' in s) {
      if (s.originalFile === null) l.learn(path, null);
      else if (typeof s.originalFile === 'string')
        l.learn(path, s.originalFile, 'line endings as the tool reports them (LF)');
    } else if (result && !result.isError) {
      if (created?.test(result.text)) l.learn(path, null);
      else l.unknown(path, `changed by ${tool} before the transcript showed its content`);
    } else l.unknown(path, `${tool} on it failed; its content never appeared`);
    l.changed(path);
  };
}

/** Glob and Grep: the files they listed mattered to the session. */
export function listedFrom(tool: string) {
  return ({ result }: TranscriptCall, l: TranscriptLearner): void => {
    if (!result || result.isError) return;
    const names = Array.isArray(result.structured?.filenames)
      ? (result.structured.filenames as unknown[])
      : [];
    for (const n of names) {
      const a = l.absOf(n);
      if (a) l.unknown(a, `listed by ${tool}`);
    }
  };
}
