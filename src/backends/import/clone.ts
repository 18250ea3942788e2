// A git repository cloned over the network with isomorphic-git, as import entries. Browsers
// cannot reach git hosts directly (no CORS headers), so requests go through a CORS proxy the
// person sets (isomorphic-git prefixes it: <proxy>/<host>/<path>). One branch, depth 1, into a
// scratch in-memory volume; the files of the fetched commit are read from there.
import git, { type GitProgressEvent, type HttpClient } from 'isomorphic-git';
import { Volume } from 'memfs';
import { commitEntries } from './bundle';
import { formatBytes } from '../../text/bytes';
import { DEFAULT_LIMITS, ImportError, type ImportEntry } from './import';
import type { CloneProgress } from '../../workspace/importer';

export type { CloneProgress };

export interface CloneOptions {
  url: string;
  /** The CORS proxy address; empty for none (Node, or a host that sends CORS headers). */
  corsProxy?: string;
  /** A branch or tag; the remote's default branch when absent. */
  ref?: string;
  http: HttpClient;
  signal?: AbortSignal;
  /** The most bytes the download may take (DEFAULT_LIMITS.maxBytes). */
  maxBytes?: number;
  onProgress?: (p: CloneProgress) => void;
}

/** The http client with every response body counted, cut off past the limit or on abort.
 * isomorphic-git words an error thrown from a body as "Empty response", hence `passed`. */
function guarded(
  http: HttpClient,
  signal: AbortSignal | undefined,
  maxBytes: number,
  onBytes: (n: number) => void,
): { http: HttpClient; passed: () => ImportError | undefined } {
  let received = 0;
  let passed: ImportError | undefined;
  const client: HttpClient = {
    async request(req) {
      signal?.throwIfAborted();
      const res = await http.request({ ...req, signal });
      const body = res.body;
      if (!body) return res;
      async function* counted(): AsyncIterableIterator<Uint8Array> {
        for await (const chunk of body!) {
          signal?.throwIfAborted();
          received += chunk.byteLength;
          if (received > maxBytes)
            throw (passed = new ImportError(
              'too-large',
              `The repository's download passed ${formatBytes(maxBytes)}, the limit; clone a smaller repository or raise the limit.`,
            ));
          onBytes(received);
          yield chunk;
        }
      }
      return { ...res, body: counted() };
    },
  };
  return { http: client, passed: () => passed };
}

export async function cloneEntries(opts: CloneOptions): Promise<{ ref: string; entries: ImportEntry[] }> {
  const url = opts.url.trim();
  if (!/^https?:\/\/[^/]+\/./.test(url))
    throw new ImportError('bad-archive', `Not a repository address: "${url}" (give an https:// URL).`);
  const vol = new Volume();
  const fs = { promises: vol.promises };
  const dir = '/r';
  vol.mkdirSync(dir, { recursive: true });
  const cache = {};
  let last: GitProgressEvent = { phase: 'Connecting', loaded: 0, total: 0 };
  let received = 0;
  const report = () =>
    opts.onProgress?.({ phase: last.phase, loaded: last.loaded, total: last.total || 0, received });
  const { http, passed } = guarded(opts.http, opts.signal, opts.maxBytes ?? DEFAULT_LIMITS.maxBytes, (n) => {
    received = n;
    report();
  });
  try {
    await git.clone({
      fs,
      http,
      dir,
      url,
      corsProxy: opts.corsProxy?.trim() || undefined,
      ref: opts.ref?.trim() || undefined,
      singleBranch: true,
      depth: 1,
      noCheckout: true,
      noTags: true,
      cache,
      onProgress: (e) => {
        last = e;
        report();
      },
    });
  } catch (e) {
    if (e instanceof ImportError) throw e;
    const limit = passed();
    if (limit) throw limit;
    if (opts.signal?.aborted) throw new ImportError('aborted', 'The clone was cancelled.');
    const why = e instanceof Error ? e.message : String(e);
    throw new ImportError(
      'bad-archive',
      `Could not clone ${url}${opts.corsProxy ? ` through ${opts.corsProxy}` : ''}: ${why}`,
    );
  }
  const head = await git.resolveRef({ fs, dir, ref: 'HEAD' });
  const branch = (await git.currentBranch({ fs, dir })) ?? head;
  return { ref: branch, entries: await commitEntries(fs, dir, head, cache) };
}
