// Write: create or replace a whole file. validate() holds Claude Code's pre-permission checks
// (read-before-write, changed-since-read); call() refuses a legacy encoding, then writes. No model-facing strings here.
import { dirname } from 'pathe';
import type { LedgerEntry } from '../../ledger/ledger';
import { encodeText, encodingRefusal, foldCrlf, readTextFile, type EncodingRefusal, type TextEncoding, type TextFile } from '../../text/encoding';
import { linePatch, type Hunk } from '../../text/patch';
import { isMarkdownPath, normaliseWrittenText } from '../../text/normalise-input';
import { isFsError } from '../../workspace/types';
import type { FilePreview, ToolContext } from '../types';
import { catchFs, fsErrorText } from '../files/errors';
import { readState, type ReadState } from '../files/freshness';
import { resolvePath, symlinkTarget } from '../files/paths';
import type { WriteInput } from './schema';

export type WriteOutcome =
  | { kind: 'refused'; code: 'unread' | 'stale'; path: string; state: ReadState }
  /** Claude Code refuses to write through a symlink (the text is not wrapped): in the call, or
   * in the permission check where the profile says so (then it is a permission denial). */
  | { kind: 'symlink'; path: string; target: string; inPermissionCheck: boolean }
  /** The path is a directory (versions that check it in validateInput). */
  | { kind: 'is-directory'; path: string }
  /** A filesystem error while writing (thrown in call: raw text). */
  | { kind: 'io-error'; path: string; message: string }
  /** The file's bytes are in an encoding this version will not rewrite. */
  | { kind: 'encoding'; refusal: EncodingRefusal; path: string }
  /** A filesystem error in the checks (thrown in validateInput: "Error calling tool"). */
  | { kind: 'check-error'; path: string; message: string }
  | {
      kind: 'written';
      type: 'create' | 'update';
      path: string;
      inputPath: string;
      content: string;
      originalFile: string | null;
      patch: Hunk[];
      encoding: TextEncoding;
      /** How the ledger stood before the write (undefined for a new file). */
      state?: ReadState;
    };

const BOM = '\ufeff';

async function readText(path: string, ctx: ToolContext): Promise<TextFile> {
  return readTextFile(await ctx.ws.fs.readFile(path));
}

/** The ledger check for an existing file, or undefined for a file that does not exist. */
async function existingState(path: string, ctx: ToolContext): Promise<ReadState | undefined> {
  let mtimeMs: number;
  try {
    mtimeMs = (await ctx.ws.fs.stat(path)).mtimeMs;
  } catch (e) {
    if (isFsError(e, 'ENOENT')) return undefined;
    throw e;
  }
  return readState(path, mtimeMs, async () => (await readText(path, ctx)).content, ctx, {
    relaxable: true,
    relaxPartialView: false,
    compareContent: true,
  });
}

async function isDirectory(path: string, ctx: ToolContext): Promise<boolean> {
  const st = await catchFs(() => ctx.ws.fs.stat(path));
  return 'ok' in st && st.ok.type === 'dir';
}

interface Checked {
  path: string;
  /** Undefined for a file that does not exist yet. */
  state?: ReadState;
}

async function check(input: WriteInput, ctx: ToolContext): Promise<Checked | WriteOutcome> {
  const path = resolvePath(input.file_path, ctx);
  if (ctx.profile.writeRefusesDirectory && (await isDirectory(path, ctx))) return { kind: 'is-directory', path };
  const r = await catchFs(() => existingState(path, ctx));
  if ('error' in r) return { kind: 'check-error', path, message: fsErrorText(r.error) };
  const state = r.ok;
  if (state?.kind === 'unread') return { kind: 'refused', code: 'unread', path, state };
  if (state?.kind === 'stale') return { kind: 'refused', code: 'stale', path, state };
  return { path, state };
}

export async function validateWrite(input: WriteInput, ctx: ToolContext): Promise<WriteOutcome | undefined> {
  const c = await check(input, ctx);
  return 'kind' in c ? c : undefined;
}

/** The refusal of a symlink path, or undefined when the path is not a link. */
async function symlinkRefused(path: string, ctx: ToolContext, inPermissionCheck: boolean): Promise<WriteOutcome | undefined> {
  const link = await catchFs(() => ctx.ws.fs.lstat(path));
  if (!('ok' in link) || link.ok.type !== 'symlink') return undefined;
  return { kind: 'symlink', path, target: await symlinkTarget(path, ctx), inPermissionCheck };
}

/** Write's own permission check: versions that refuse a symlink there (2.1.332). */
export async function checkWritePermissions(input: WriteInput, ctx: ToolContext): Promise<WriteOutcome | undefined> {
  if (!ctx.profile.writeSymlinkIsPermissionDenial) return undefined;
  return symlinkRefused(resolvePath(input.file_path, ctx), ctx, true);
}

/** What a permission prompt shows: the file's text now (none: a new file) and the text given,
 * as write() normalises it. */
export async function previewWrite(input: WriteInput, ctx: ToolContext): Promise<FilePreview | undefined> {
  const path = resolvePath(input.file_path, ctx);
  const old = await catchFs(() => readText(path, ctx));
  if ('error' in old && old.error.code !== 'ENOENT') return undefined;
  const after = normaliseWrittenText(input.content, { stripTrailing: !isMarkdownPath(input.file_path) });
  return { path, before: 'ok' in old ? foldCrlf(old.ok.content) : '', after };
}

export async function write(input: WriteInput, ctx: ToolContext): Promise<WriteOutcome> {
  const c = await check(input, ctx);
  if ('kind' in c) return c;
  const { path, state } = c;
  const { fs } = ctx.ws;
  const link = await symlinkRefused(path, ctx, false);
  if (link) return link;
  // In the call, not the input checks: the text is not wrapped in <tool_use_error>, and a
  // symlink's refusal in the permission check comes first (write-x-symlink-legacy-target). After
  // the read-state checks: with the strict ledger an unread binary file is refused as unread
  // (write-x-unread-binary-strict); with the relaxed one an unread file passes them (issue 13
  // probes, 2.1.332).
  if (state && ctx.profile.writeRefusesUnsafeEncodings) {
    const bytes = await catchFs(() => fs.readFile(path));
    const refusal = 'ok' in bytes ? encodingRefusal(bytes.ok) : undefined;
    if (refusal) return { kind: 'encoding', refusal, path };
  }

  const old = await catchFs(() => readText(path, ctx));
  let original: TextFile | null = null;
  if ('error' in old) {
    if (old.error.code !== 'ENOENT') return { kind: 'io-error', path, message: fsErrorText(old.error) };
  } else original = old.ok;

  // The file's encoding is kept, its CRLF line endings are not; its BOM only where the profile
  // says so (2.1.273 drops it).
  const encoding = original?.encoding ?? 'utf8';
  const given = normaliseWrittenText(input.content, { stripTrailing: !isMarkdownPath(input.file_path) });
  const keepBom = ctx.profile.writeKeepsBom && original !== null && original.content.startsWith(BOM) && !given.startsWith(BOM);
  const content = keepBom ? BOM + given : given;
  const done = await catchFs(async () => {
    await fs.mkdir(dirname(path), { recursive: true });
    await fs.writeFile(path, encodeText(content, encoding));
    return fs.stat(path);
  });
  if ('error' in done) return { kind: 'io-error', path, message: fsErrorText(done.error) };

  const entry: LedgerEntry = {
    path,
    content: foldCrlf(content),
    mtimeMs: done.ok.mtimeMs,
    partial: false,
    via: 'Write',
    watched: true,
    callId: ctx.callId,
  };
  ctx.ledger.set(entry);
  // An existing empty file counts as absent: "created", originalFile null, no patch
  // (write-x-over-empty-unread, write-x-after-emptying); a lone newline is content.
  const replaced = original !== null && original.content !== '' ? original : null;
  return {
    kind: 'written',
    type: replaced ? 'update' : 'create',
    path,
    inputPath: input.file_path,
    content,
    originalFile: replaced ? replaced.content : null,
    patch: replaced ? linePatch(replaced.content, content) : [],
    encoding,
    state,
  };
}
