// What the page imports (the disk walker stays with the CLI: it needs node:fs).
export { archiveEntries, unwrapTopFolder } from './archives';
export { bundleEntries } from './bundle';
export { cloneEntries, type CloneProgress } from './clone';
export { fromFileList, pickedEntries, type PickedFile } from './files';
export {
  DEFAULT_LIMITS,
  formatBytes,
  ImportError,
  importEntries,
  type ImportEntry,
  type ImportProgress,
  type ImportReport,
} from './import';
