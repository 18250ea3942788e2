// Files the page was handed (a directory input's FileList, a dropped folder's files) as import
// entries. Only the Blob API: the same code runs in Node, where File exists too.
import type { ImportEntry } from './import';
import type { PickedFile } from '../../workspace/importer';

export type { PickedFile };

/** A directory input's files: `webkitRelativePath` names the picked folder first, which is
 * dropped so its contents land in the project folder. */
export function fromFileList(files: ArrayLike<File>): PickedFile[] {
  return Array.from(files, (f) => ({
    relativePath: f.webkitRelativePath || f.name,
    size: f.size,
    bytes: async () => new Uint8Array(await f.arrayBuffer()),
  }));
}

export function pickedEntries(files: readonly PickedFile[]): ImportEntry[] {
  // One folder picked: its name is the first segment of every path.
  const first = files[0]?.relativePath.split('/')[0];
  const strip =
    first !== undefined && files.every((f) => f.relativePath.startsWith(`${first}/`)) ? first.length + 1 : 0;
  return files.map((f) => ({ path: f.relativePath.slice(strip), size: f.size, read: f.bytes }));
}
