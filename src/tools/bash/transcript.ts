// What a Claude Code transcript's Bash call reveals: nothing of contents, but the files its
// command names mattered, and what is read after it may not be what the session started from.
import type { TranscriptCall, TranscriptLearner } from '../types';

const NAMED_FILE =
  /(?:^|[\s'"=<>])((?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.[A-Za-z0-9]{1,8})(?=$|[\s'";|&<>)])/g;

export function bashFromTranscript({ input }: TranscriptCall, l: TranscriptLearner): void {
  l.shellRan();
  const cmd = typeof input.command === 'string' ? input.command : '';
  for (const m of cmd.matchAll(NAMED_FILE)) {
    const a = l.absOf(m[1]);
    if (a && l.inWorkspace(a)) l.unknown(a, 'named in a Bash command');
  }
}
