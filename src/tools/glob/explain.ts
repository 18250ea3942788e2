import type { GlobOutcome } from './glob';

export function explainGlob(o: GlobOutcome): string {
  switch (o.kind) {
    case 'files':
      if (o.totalMatches === 0)
        return `ripgrep listed no file matching the pattern (rg ${o.args.join(' ')}).`;
      return (
        `ripgrep listed ${o.totalMatches} file(s) (rg ${o.args.join(' ')}), sorted oldest modification first; paths under the working directory are shown relative.` +
        (o.truncated ? ` Only the first ${o.filenames.length} are sent, with a count of the rest.` : '')
      );
    case 'missing-dir':
      return 'The path parameter names no existing directory; Glob checks that before searching.';
    case 'nul-in-pattern':
      return 'The pattern holds a NUL byte, which no file name can; input validation refuses it.';
    case 'not-dir':
      return 'The path parameter names a file, not a directory.';
    case 'rejected':
      return 'ripgrep refused the glob before searching; Glob passes its diagnostic through.';
  }
}
