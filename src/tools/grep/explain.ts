import type { GrepOutcome } from './grep';

function paged(o: { appliedLimit?: number; appliedOffset?: number }): string {
  const parts: string[] = [];
  if (o.appliedOffset !== undefined) parts.push(`skipping the first ${o.appliedOffset}`);
  if (o.appliedLimit !== undefined) parts.push(`cut at head_limit ${o.appliedLimit} (default 250)`);
  return parts.length > 0 ? ` The page is ${parts.join(' and ')}.` : '';
}

export function explainGrep(o: GrepOutcome): string {
  switch (o.kind) {
    case 'files':
      return `ripgrep found ${o.totalFiles} matching file(s) (rg ${o.args.join(' ')}); Grep sorts them newest modification first.${paged(o)}`;
    case 'content':
      return `ripgrep printed ${o.totalLines} line(s) (matches, context and "--" separators; rg ${o.args.join(' ')}) in its own order, which Grep does not sort.${paged(o)}`;
    case 'count':
      return `ripgrep counted ${o.numMatches} matching line(s) in ${o.numFiles} file(s) (rg ${o.args.join(' ')}); the total covers every file, even past the page.${paged(o)}`;
    case 'null-byte':
      return 'A NUL byte cannot be passed to ripgrep as an argument, so Grep refuses the pattern up front.';
    case 'missing-path':
      return 'The path parameter names nothing that exists; Grep checks that before searching.';
    case 'rejected':
      return `ripgrep refused the input before searching (rg ${o.args.join(' ')}); Grep passes ripgrep's diagnostic through.`;
  }
}
