// A git bundle (`git bundle create x.bundle HEAD`) as import entries, offline: the header names
// the refs, the rest is a packfile; isomorphic-git indexes it in a scratch in-memory volume and
// the files of the chosen commit's tree are read from there.
import git from 'isomorphic-git';
import { Volume } from 'memfs';
import { ImportError, type ImportEntry } from './import';

interface BundleHeader {
  refs: { oid: string; name: string }[];
  packOffset: number;
}

export function parseBundleHeader(b: Uint8Array): BundleHeader {
  const refs: { oid: string; name: string }[] = [];
  let off = 0;
  const line = (): string | undefined => {
    const nl = b.indexOf(10, off);
    if (nl < 0) return undefined;
    const s = new TextDecoder().decode(b.subarray(off, nl));
    off = nl + 1;
    return s;
  };
  const sig = line();
  if (sig !== '# v2 git bundle' && sig !== '# v3 git bundle')
    throw new ImportError('bad-archive', 'Not a git bundle (it does not start with "# v2 git bundle").');
  for (;;) {
    const l = line();
    if (l === undefined) throw new ImportError('bad-archive', 'The git bundle ends inside its header.');
    if (l === '') break;
    if (l.startsWith('@')) continue;
    if (l.startsWith('-'))
      throw new ImportError(
        'bad-archive',
        'The git bundle needs commits it does not carry (it was made from a range); make it with `git bundle create x.bundle HEAD`.',
      );
    const sp = l.indexOf(' ');
    refs.push({ oid: l.slice(0, sp), name: l.slice(sp + 1) });
  }
  if (refs.length === 0) throw new ImportError('bad-archive', 'The git bundle names no refs.');
  return { refs, packOffset: off };
}

/** The files of the bundle's HEAD (else main, master, the first ref). */
export async function bundleEntries(bundle: Uint8Array): Promise<{ ref: string; entries: ImportEntry[] }> {
  const { refs, packOffset } = parseBundleHeader(bundle);
  const pick =
    refs.find((r) => r.name === 'HEAD') ??
    refs.find((r) => r.name === 'refs/heads/main') ??
    refs.find((r) => r.name === 'refs/heads/master') ??
    (refs[0] as { oid: string; name: string });
  const vol = new Volume();
  const fs = { promises: vol.promises };
  const dir = '/r';
  vol.mkdirSync(`${dir}/.git/objects/pack`, { recursive: true });
  await git.init({ fs, dir });
  vol.writeFileSync(`${dir}/.git/objects/pack/pack-bundle.pack`, bundle.subarray(packOffset));
  const cache = {};
  try {
    await git.indexPack({ fs, dir, filepath: '.git/objects/pack/pack-bundle.pack', cache });
  } catch (e) {
    throw new ImportError(
      'bad-archive',
      `The git bundle's pack is not readable: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  const entries = await commitEntries(fs, dir, pick.oid, cache);
  return { ref: pick.name, entries };
}

/** The files of one commit's tree in a repository isomorphic-git can read (read lazily). */
export async function commitEntries(
  fs: { promises: Volume['promises'] },
  dir: string,
  oid: string,
  cache: object,
): Promise<ImportEntry[]> {
  const entries: ImportEntry[] = [];
  const { commit } = await git.readCommit({ fs, dir, oid, cache });
  const walkTree = async (oid: string, prefix: string): Promise<void> => {
    const { tree } = await git.readTree({ fs, dir, oid, cache });
    for (const t of tree) {
      const path = prefix ? `${prefix}/${t.path}` : t.path;
      if (t.type === 'tree') await walkTree(t.oid, path);
      else if (t.type === 'blob') {
        const read = async () => (await git.readBlob({ fs, dir, oid: t.oid, cache })).blob;
        if (t.mode === '120000')
          entries.push({
            path,
            size: 0,
            symlink: new TextDecoder().decode(await read()),
            read: () => new Uint8Array(),
          });
        else entries.push({ path, size: 0, executable: t.mode === '100755', read });
      }
      // Submodules (commits in a tree) have no files in the repository.
    }
  };
  await walkTree(commit.tree, '');
  return entries;
}
