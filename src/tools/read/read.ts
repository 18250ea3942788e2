// Read: decides what the model gets for a path. Outcomes are data; the model-facing strings are
// in render.ts. The rules come from the recorded corpus (conformance/results/2.1.273/read-*).
import { basename, dirname } from 'pathe';
import type { LedgerEntry } from '../../ledger/ledger';
import type { Conversation, ToolContext } from '../types';
import { expandPath } from '../../text/paths';
import { decodeUtf8, hasUtf8Bom } from '../../text/decode';
import { decodeText, detectEncoding, startsUtf16beBom, stripBom } from '../../text/encoding';
import { splitLines } from '../../text/lines';
import { bytesPerToken, estimateTokens } from '../../text/tokens';
import { describeNonImage, displaySize, sniffImage, toBase64 } from '../../text/image';
import { isFsError, type Stat } from '../../workspace/types';
import { sanitizePath, sessionId } from '../bash/paths';
import { hostFile } from './host';
import { isNotebookShape, parseNotebook, type NotebookCell } from './notebook';
import { jscJsonParseError } from '../../text/jsc-json';
import { MAX_PAGES_PER_REQUEST, MAX_PAGES_WHOLE, parsePages } from './pdf';
import type { PdfEngine } from '../../workspace/pdf';
import type { ReadInput } from './schema';
import type { ImageCodec } from '../../workspace/image';
import { imageForModel, sentAsIs } from './image-pipeline';

/** A read without a limit (offset or not) of a larger file is refused before it is read. */
export const MAX_SIZE_BYTES = 256 * 1024;
/** A read with a limit whose lines hold more bytes than this is refused whatever the token cap
 * (recorded: 1523 lines of 2101 bytes pass, 1524 do not; 3196 of 1001 pass, 3197 do not). */
export const MAX_RANGE_BYTES = 3_200_000;
export const DEFAULT_MAX_TOKENS = 25000;
/** A PARTIAL view aims at this share of the token cap. */
const PAGE_SHARE = 0.85;

const utf8 = new TextEncoder();

/** A PDF sent whole may not be larger than this. */
export const MAX_PDF_BYTES = 20 * 1024 * 1024;

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);

// Extensions Read refuses before looking at the file (read-binary-*, probes: .exe .bin .dat
// .gz .so .bmp are refused, .svg is read as text). Images and PDFs have their own readers.
const BINARY_EXTENSIONS = new Set(
  (
    'png jpg jpeg gif bmp ico webp tiff tif heic avif psd ' +
    'mp4 mov avi mkv webm wmv flv m4v mpeg mpg mp3 wav ogg flac aac m4a wma aiff opus ' +
    'zip tar gz bz2 7z rar xz z tgz iso dmg ' +
    'exe dll so dylib bin o a obj lib app msi deb rpm ' +
    'pdf doc docx xls xlsx ppt pptx odt ods odp ' +
    'ttf otf woff woff2 eot ' +
    'pyc pyo class jar war ear node wasm rlib ' +
    'sqlite sqlite3 db mdb idx ' +
    'ai eps sketch fig xd blend 3ds max swf fla lockb dat data'
  ).split(' '),
);

/** How a whole-file read was cut to fit the token cap. */
export type Truncation =
  | { mode: 'lines'; tokens: number; cap: number }
  | { mode: 'chars'; shownChars: number; totalChars: number; tokens: number; cap: number };

export interface ImageDimensions {
  originalWidth: number;
  originalHeight: number;
  displayWidth: number;
  displayHeight: number;
}

interface Base {
  /** Absolute path the call resolved to. */
  path: string;
  /** file_path exactly as the model gave it (the structured result echoes it). */
  inputPath: string;
}

export type ReadOutcome = Base &
  (
    | {
        kind: 'text';
        /** The selected lines joined with LF (what the ledger and `structured` hold). */
        content: string;
        lines: string[];
        startLine: number;
        totalLines: number;
        truncation?: Truncation;
        /** A note the version appends about bytes it could not show faithfully. */
        encodingNote?: EncodingNote;
        entry: LedgerEntry;
      }
    | { kind: 'empty'; startLine: number; entry: LedgerEntry }
    | { kind: 'past-end'; offset: number; totalLines: number; entry: LedgerEntry }
    | { kind: 'unchanged'; prior: LedgerEntry }
    | { kind: 'missing'; cwd: string; suggestion?: { text: string; by: 'reanchor' | 'stem' }; triedScreenshot?: string }
    /** `realpath`: where the path leads; the EISDIR text is rewritten through it. */
    | { kind: 'is-directory'; realpath: string }
    /** A filesystem error passed through raw (ENOTDIR for `file.txt/`). */
    | { kind: 'fs-error'; code: string; message: string }
    | { kind: 'binary-extension'; ext: string }
    | { kind: 'too-large'; size: number }
    | { kind: 'range-too-large'; cap: number }
    /** file_path holds a NUL byte (versions that check; 2.1.273 ends the session instead). */
    | { kind: 'nul-in-path' }
    | { kind: 'too-many-tokens'; tokens: number; cap: number }
    | { kind: 'image'; base64: string; mediaType: string; originalSize: number; dimensions?: ImageDimensions; readFrom: string }
    | { kind: 'image-empty' }
    | { kind: 'not-an-image'; detected: string }
    | { kind: 'notebook'; cells: NotebookCell[]; entry: LedgerEntry }
    | { kind: 'notebook-invalid'; detail: string }
    | { kind: 'notebook-not-jupyter' }
    | { kind: 'pdf'; base64: string; originalSize: number; pageCount?: number }
    | { kind: 'pdf-pages'; images: string[]; firstPage: number; originalSize: number; outputDir: string; pageCount?: number }
    | { kind: 'pdf-empty' }
    | { kind: 'pdf-too-large' }
    | { kind: 'device' }
    | { kind: 'pdf-corrupt' }
    | { kind: 'pdf-no-header' }
    | { kind: 'pdf-too-many-pages'; pageCount: number }
    | { kind: 'pdf-pages-invalid'; pages: string }
    | { kind: 'pdf-pages-too-many'; pages: string }
    | { kind: 'pdf-pages-outside'; first: number; last: number; pageCount: number }
  );

export type EncodingNote = 'utf16be' | 'nul' | 'invalid-utf8';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** What a version with encoding notes says about a text file: NUL bytes in the first 8 KB win
 * over undecodable bytes (read-png-bytes-txt-ext). */
function encodingNote(bytes: Uint8Array): EncodingNote | undefined {
  // The FE FF mark is named before NULs and undecodable bytes (read-x-utf16be-bom,
  // read-x-utf16be-bom-no-nul).
  if (startsUtf16beBom(bytes)) return 'utf16be';
  if (bytes.subarray(0, 8192).includes(0)) return 'nul';
  try {
    strictUtf8.decode(bytes);
    return undefined;
  } catch {
    return 'invalid-utf8';
  }
}

/** A text file as Read shows it: UTF-8, or UTF-16LE (its BOM dropped) where the version decodes
 * it. */
function readableText(bytes: Uint8Array, ctx: ToolContext): { text: string; note?: EncodingNote } {
  if (ctx.profile.readDecodesUtf16le && detectEncoding(bytes) === 'utf16le') return { text: stripBom(decodeText(bytes, 'utf16le')) };
  return { text: decodeUtf8(bytes), note: ctx.profile.readEncodingNotes ? encodingNote(bytes) : undefined };
}

/** Answers the count_tokens API would give (undefined: the API refused, use the estimate). */
export type TokenCounter = (text: string) => Promise<number | undefined>;

const TOKEN_COUNTER_KEY = 'Read.countTokens';

/** Lets a session emulate the count_tokens API (a scenario's `countTokens`). Without it the
 * API is taken as refusing, as the oracle's fake server does by default. */
export function setTokenCounter(conversation: Conversation, counter: TokenCounter | undefined): void {
  if (counter) conversation.state.set(TOKEN_COUNTER_KEY, counter);
  else conversation.state.delete(TOKEN_COUNTER_KEY);
}

function tokenCounter(conversation: Conversation): TokenCounter | undefined {
  const c = conversation.state.get(TOKEN_COUNTER_KEY);
  return typeof c === 'function' ? (c as TokenCounter) : undefined;
}

/** The token cap: CLAUDE_CODE_FILE_READ_MAX_OUTPUT_TOKENS when it is a positive number. */
export function maxTokens(env: Record<string, string>): number {
  const v = Number.parseInt(env.CLAUDE_CODE_FILE_READ_MAX_OUTPUT_TOKENS ?? '', 10);
  return Number.isFinite(v) && v > 0 ? v : DEFAULT_MAX_TOKENS;
}

function extension(path: string): string {
  const base = basename(path);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Node's path.parse stem: a leading dot is part of the name (".env" has no extension). */
function stem(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** The repeat guard keys a Read by its offset (a whole read counts as offset 1) and limit. */
const sameRange = (e: LedgerEntry, offset: number | undefined, limit: number | undefined) => (e.offset ?? 1) === (offset ?? 1) && e.limit === limit;

/** macOS screenshot names: Claude Code retries a missing `… AM.png` / `… PM.png` with the other
 * space (U+0020 <-> U+202F) before AM/PM. */
export function screenshotAlternative(path: string): string | undefined {
  const m = /^(.*)([ \u202f])(AM|PM)\.png$/.exec(basename(path));
  if (!m) return undefined;
  const swapped = `${m[1]}${m[2] === ' ' ? '\u202f' : ' '}${m[3]}.png`;
  return `${dirname(path)}/${swapped}`;
}

/** The "Did you mean …?" of a missing file: the same relative path under the working directory
 * when the path sits under its parent (wins), else a sibling with the same stem. */
async function suggest(ctx: ToolContext, path: string): Promise<{ text: string; by: 'reanchor' | 'stem' } | undefined> {
  const { fs } = ctx.ws;
  const cwd = ctx.conversation.cwd;
  const parent = dirname(cwd);
  const underParent = parent === '/' ? path.startsWith('/') : path.startsWith(`${parent}/`);
  if (underParent && path !== cwd && !path.startsWith(`${cwd}/`)) {
    const candidate = `${cwd}/${path.slice(parent === '/' ? 1 : parent.length + 1)}`;
    if (await fs.exists(candidate)) return { text: candidate, by: 'reanchor' };
  }
  let names: string[];
  try {
    names = await fs.readdir(dirname(path));
  } catch (e) {
    if (isFsError(e)) return undefined;
    throw e;
  }
  const base = basename(path);
  const want = stem(base);
  // Claude Code takes the first match in directory order, which a virtual filesystem cannot
  // reproduce; names with an extension first, then code-unit order, matches what was recorded.
  const found = names
    .filter((n) => n !== base && stem(n) === want)
    .sort((a, b) => Number(stem(a) === a) - Number(stem(b) === b) || (a < b ? -1 : a > b ? 1 : 0))[0];
  return found === undefined ? undefined : { text: found, by: 'stem' };
}

/** Checks Claude Code makes before permissions (validateInput): the pages grammar, binary
 * extensions, and the repeat-read guard. The guard lives here because a concurrency-safe batch
 * is validated before any of it runs: two identical Reads in one message both get content. */
export async function validateRead(input: ReadInput, ctx: ToolContext): Promise<ReadOutcome | undefined> {
  const path = expandPath(input.file_path, ctx.conversation.cwd, ctx.ws.info.home);
  const base = { path, inputPath: input.file_path };
  if (input.file_path.includes('\0') && ctx.profile.text.nulPathRefusal) return { ...base, kind: 'nul-in-path' };
  if (input.pages !== undefined) {
    const range = parsePages(input.pages);
    if (!range) return { ...base, kind: 'pdf-pages-invalid', pages: input.pages };
    if (range.last - range.first + 1 > MAX_PAGES_PER_REQUEST) return { ...base, kind: 'pdf-pages-too-many', pages: input.pages };
  }
  const ext = extension(path);
  if (BINARY_EXTENSIONS.has(ext) && ext !== 'pdf' && !IMAGE_EXTENSIONS.has(ext)) return { ...base, kind: 'binary-extension', ext: `.${ext}` };

  if (ctx.profile.readRefusedDevices.includes(path)) return { ...base, kind: 'device' };

  const prior = ctx.ledger.get(path);
  // A notebook is read whole whatever the range, and recorded so (read-probe4-strict-notebook-two).
  const range = ext === 'ipynb' ? { offset: undefined, limit: undefined } : input;
  if (ctx.profile.repeatReadGuard && prior && prior.via === 'Read' && !prior.partialView && sameRange(prior, range.offset, range.limit)) {
    let st: Stat;
    try {
      st = await ctx.ws.fs.stat(path);
    } catch (e) {
      if (isFsError(e)) return undefined;
      throw e;
    }
    // Only the mtime is compared: new content under a restored mtime still counts as unchanged.
    if (st.mtimeMs === prior.mtimeMs) return { ...base, kind: 'unchanged', prior };
  }
  return undefined;
}

export async function read(input: ReadInput, ctx: ToolContext): Promise<ReadOutcome> {
  const { fs, info } = ctx.ws;
  // Relative paths resolve where the shell is (after a `cd`), as for Edit and Write.
  const path = expandPath(input.file_path, ctx.conversation.cwd, info.home);
  const base = { path, inputPath: input.file_path };

  const host = hostFile(path, ctx.conversation.cwd);
  if (host?.kind === 'dir') return { ...base, kind: 'is-directory', realpath: host.realpath };
  if (host?.kind === 'empty') {
    const st: Stat = { type: 'file', size: 0, mtimeMs: 0, mode: 0o666 };
    return { ...base, kind: 'empty', startLine: firstLine(input, ctx), entry: entry(ctx, path, st, input, '', false, false) };
  }

  // The host's filesystem limits a name to 255 bytes (recorded with 2.1.332; the workspace
  // filesystem has no such limit).
  if (path.split('/').some((seg) => utf8.encode(seg).length > 255))
    return { ...base, kind: 'fs-error', code: 'ENAMETOOLONG', message: `ENAMETOOLONG: name too long, open '${path}'` };

  let readFrom = path;
  let st: Stat | undefined;
  try {
    st = await fs.stat(path);
  } catch (e) {
    if (isFsError(e, 'ENOTDIR')) return { ...base, kind: 'fs-error', code: e.code, message: `ENOTDIR: not a directory, open '${path}'` };
    if (!isFsError(e, 'ENOENT')) throw e;
  }
  let triedScreenshot: string | undefined;
  if (!st) {
    triedScreenshot = screenshotAlternative(path);
    if (triedScreenshot) {
      try {
        st = await fs.stat(triedScreenshot);
        readFrom = triedScreenshot;
      } catch (e) {
        if (!isFsError(e, 'ENOENT')) throw e;
      }
    }
  }
  if (!st) {
    const suggestion = await suggest(ctx, path);
    return { ...base, kind: 'missing', cwd: ctx.conversation.cwd, ...(suggestion ? { suggestion } : {}), ...(triedScreenshot ? { triedScreenshot } : {}) };
  }
  if (st.type === 'dir') return { ...base, kind: 'is-directory', realpath: await fs.realpath(path).catch(() => path) };
  // `file.txt/`: Node's open refuses it; versions that normalise the path first read the file.
  if (path.endsWith('/')) {
    if (!ctx.profile.readFileThroughTrailingSlash) return { ...base, kind: 'fs-error', code: 'ENOTDIR', message: `ENOTDIR: not a directory, open '${path}'` };
    readFrom = path.replace(/\/+$/, '');
  }

  const ext = extension(readFrom);
  if (ext === 'ipynb') return readNotebook(input, ctx, base, readFrom, st);
  if (IMAGE_EXTENSIONS.has(ext)) return readImage(base, readFrom, await fs.readFile(readFrom), ctx.ws.images, ctx.profile.readImagePatchBudget);
  if (ext === 'pdf') {
    if (input.pages === undefined && st.size > MAX_PDF_BYTES) return { ...base, kind: 'pdf-too-large' };
    return readPdf(input, ctx, base, await fs.readFile(readFrom));
  }
  return readText(input, ctx, base, readFrom, st);
}

function entry(ctx: ToolContext, path: string, st: Stat, input: ReadInput, content: string, partial: boolean, truncated: boolean): LedgerEntry {
  const e: LedgerEntry = { path, content, mtimeMs: st.mtimeMs, offset: input.offset, limit: input.limit, partial, via: 'Read', callId: ctx.callId };
  if (truncated) e.partialView = true;
  ctx.ledger.set(e);
  return e;
}

/** The number of the first line a read shows: its offset (1 when none); offset 0 is line 0 on
 * older releases and line 1 on newer ones. */
const firstLine = (input: ReadInput, ctx: ToolContext): number =>
  input.offset === 0 ? (ctx.profile.readOffsetZeroAsOne ? 1 : 0) : (input.offset ?? 1);

async function readText(input: ReadInput, ctx: ToolContext, base: Base, readFrom: string, st: Stat): Promise<ReadOutcome> {
  // offset 1 is where a read starts anyway: over the cap it is a whole read too, PARTIAL view
  // and all (gen-readspecial-0175); offset 2 is a range and errors (read-token-cap-offset-only).
  const whole = (input.offset === undefined || input.offset <= 1) && input.limit === undefined;
  // allow_large (versions that offer it) lifts both the size limit and the token cap. The size
  // limit holds for an offset without a limit too (probes: offset 1, 100 or past the end of a
  // 410 KB file are refused by size).
  if (input.limit === undefined && st.size > MAX_SIZE_BYTES && !input.allow_large) return { ...base, kind: 'too-large', size: st.size };

  const { text, note } = readableText(await ctx.ws.fs.readFile(readFrom), ctx);
  const all = splitLines(text);
  const total = all.length;
  const startIdx = input.offset ? input.offset - 1 : 0;
  if (text === '' && startIdx === 0) return { ...base, kind: 'empty', startLine: firstLine(input, ctx), entry: entry(ctx, base.path, st, input, '', false, false) };
  if (startIdx >= total) {
    return { ...base, kind: 'past-end', offset: input.offset ?? 1, totalLines: total, entry: entry(ctx, base.path, st, input, '', true, false) };
  }
  const lines = input.limit === undefined ? (startIdx === 0 ? all : all.slice(startIdx)) : all.slice(startIdx, startIdx + input.limit);
  const content = lines.join('\n');
  if (input.limit !== undefined && !input.allow_large && rangeBytes(lines) > MAX_RANGE_BYTES) return { ...base, kind: 'range-too-large', cap: MAX_RANGE_BYTES };

  const cap = maxTokens(ctx.conversation.env);
  let tokens = estimateTokens(content, readFrom);
  if (tokens > cap / 4) tokens = (await tokenCounter(ctx.conversation)?.(content)) ?? tokens;

  if (tokens > cap && !input.allow_large) {
    if (!whole) return { ...base, kind: 'too-many-tokens', tokens, cap };
    return partialView(ctx, input, base, st, all, content, tokens, cap, readFrom);
  }
  const partial = startIdx > 0 || startIdx + lines.length < total;
  return {
    ...base,
    kind: 'text',
    content,
    lines,
    startLine: input.offset === 0 ? firstLine(input, ctx) : startIdx + 1,
    totalLines: total,
    ...(note ? { encodingNote: note } : {}),
    entry: entry(ctx, base.path, st, input, content, partial, false),
  };
}

/** The bytes of these lines with their line feeds. Whether the binary counts UTF-8 bytes or
 * characters was not recorded (the probes were ASCII). */
function rangeBytes(lines: readonly string[]): number {
  let n = 0;
  for (const l of lines) {
    n += utf8.encode(l).length + 1;
    if (n > MAX_RANGE_BYTES) break;
  }
  return n;
}

/** A whole-file read over the cap: the first lines, as many as the cap's share predicts from
 * the file's average line (read-token-cap-partial: 1393 of 3001), fewer when the page itself
 * would still pass the cap (a long line near the top); when not even one line fits, the first
 * characters of the file. */
function partialView(ctx: ToolContext, input: ReadInput, base: Base, st: Stat, all: string[], content: string, tokens: number, cap: number, readFrom: string): ReadOutcome {
  let n = Math.min(all.length, Math.floor((all.length * PAGE_SHARE * cap) / tokens));
  if (n > 0) {
    // Length of the first k lines joined with LF, for every k up to n.
    const joined: number[] = [];
    let chars = -1;
    for (let i = 0; i < n; i++) joined.push((chars += (all[i] as string).length + 1));
    const bpt = bytesPerToken(readFrom);
    while (n > 0 && Math.round((joined[n - 1] as number) / bpt) > cap) n--;
  }
  if (n > 0) {
    const lines = all.slice(0, n);
    const shown = lines.join('\n');
    return { ...base, kind: 'text', content: shown, lines, startLine: 1, totalLines: all.length, truncation: { mode: 'lines', tokens, cap }, entry: entry(ctx, base.path, st, input, shown, true, true) };
  }
  const shownChars = Math.floor((content.length * PAGE_SHARE * cap) / tokens);
  const shown = content.slice(0, shownChars);
  return {
    ...base,
    kind: 'text',
    content: shown,
    lines: [shown],
    startLine: 1,
    totalLines: all.length,
    truncation: { mode: 'chars', shownChars, totalChars: content.length, tokens, cap },
    entry: entry(ctx, base.path, st, input, shown, true, true),
  };
}

async function readImage(base: Base, readFrom: string, bytes: Uint8Array, codec: ImageCodec | undefined, patchBudget: number | undefined): Promise<ReadOutcome> {
  if (bytes.length === 0) return { ...base, kind: 'image-empty' };
  const info = sniffImage(bytes);
  if (!info) return { ...base, kind: 'not-an-image', detected: describeNonImage(bytes) };
  let dimensions: ImageDimensions | undefined;
  let sent: { bytes: Uint8Array; mediaType: string } = { bytes, mediaType: info.mediaType };
  if (info.width !== undefined && info.height !== undefined) {
    const d = displaySize(info.width, info.height, patchBudget);
    dimensions = { originalWidth: info.width, originalHeight: info.height, displayWidth: d.width, displayHeight: d.height };
    // Without a codec the original bytes go out: what the binary sends for an image it keeps.
    // A header the codec cannot decode past keeps the original bytes (not recorded: the binary's
    // answer to a damaged image that needs re-encoding was not probed).
    if (codec && !sentAsIs(bytes.length, info.width, info.height, patchBudget)) sent = await imageForModel(bytes, info.mediaType, info.width, info.height, codec, patchBudget).catch(() => sent);
  }
  return { ...base, kind: 'image', base64: toBase64(sent.bytes), mediaType: sent.mediaType, originalSize: bytes.length, dimensions, readFrom };
}

async function readNotebook(input: ReadInput, ctx: ToolContext, base: Base, readFrom: string, st: Stat): Promise<ReadOutcome> {
  const bytes = await ctx.ws.fs.readFile(readFrom);
  const text = decodeUtf8(bytes);
  const parseError = jscJsonParseError(ctx.profile.notebookReadSkipsBom || !hasUtf8Bom(bytes) ? text : `\uFEFF${text}`);
  if (parseError !== undefined) return { ...base, kind: 'notebook-invalid', detail: parseError };
  if (!isNotebookShape(JSON.parse(text))) return { ...base, kind: 'notebook-not-jupyter' };
  const cells: NotebookCell[] = parseNotebook(text);
  const whole = { ...input, offset: undefined, limit: undefined };
  return { ...base, kind: 'notebook', cells, entry: entry(ctx, base.path, st, whole, text.replace(/\r\n/g, '\n'), false, false) };
}


function pdfEngine(engine: PdfEngine | undefined): PdfEngine {
  if (!engine) throw new Error('this workspace has no PDF engine (Workspace.pdf): the entry that built it adds one');
  return engine;
}

const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d];

async function readPdf(input: ReadInput, ctx: ToolContext, base: Base, bytes: Uint8Array): Promise<ReadOutcome> {
  const engine = pdfEngine(ctx.ws.pdf);
  if (bytes.length === 0) return { ...base, kind: 'pdf-empty' };
  if (!PDF_HEADER.every((b, i) => bytes[i] === b)) return { ...base, kind: 'pdf-no-header' };
  const pageCount = await engine.pageCount(bytes);
  const range = input.pages === undefined ? undefined : parsePages(input.pages);
  if (!range) {
    if (pageCount !== undefined && pageCount > MAX_PAGES_WHOLE) return { ...base, kind: 'pdf-too-many-pages', pageCount };
    return { ...base, kind: 'pdf', base64: toBase64(bytes), originalSize: bytes.length, pageCount };
  }
  if (pageCount !== undefined && range.first > pageCount) return { ...base, kind: 'pdf-pages-outside', first: range.first, last: range.last, pageCount };
  const last = pageCount === undefined ? range.last : Math.min(range.last, pageCount);
  // Counted, not compared: past 2^53 `p++` stops advancing and `p <= last` would hold for ever.
  const pages: number[] = [];
  for (let k = 0; k <= last - range.first && k < MAX_PAGES_PER_REQUEST; k++) pages.push(range.first + k);
  let images: string[];
  try {
    images = (await engine.renderJpeg(bytes, pages)).map(toBase64);
  } catch {
    return { ...base, kind: 'pdf-corrupt' };
  }
  const { info } = ctx.ws;
  const outputDir = `${info.home}/.claude/projects/${sanitizePath(info.cwd)}/${sessionId(ctx.conversation)}/tool-results/pdf-${uuidLike(ctx.conversation.nextId('read-pdf'))}`;
  return { ...base, kind: 'pdf-pages', images, firstPage: range.first, originalSize: bytes.length, outputDir, pageCount };
}

/** A deterministic UUID-shaped id (the normaliser maps UUIDs to <uuid-N>). */
function uuidLike(id: string): string {
  const n = id.replace(/\D/g, '').padStart(12, '0').slice(-12);
  return `00000000-0000-4000-9000-${n}`;
}

/** The oracle's fake count_tokens answers (a scenario's `countTokens`): 'error' (the default)
 * refuses, a number is returned as is, 'chars4' is a quarter of the request's JSON length. */
export function scenarioTokenCounter(mode: 'error' | 'chars4' | number | undefined): TokenCounter | undefined {
  if (mode === undefined || mode === 'error') return undefined;
  if (typeof mode === 'number') return () => Promise.resolve(mode);
  return (text) => Promise.resolve(Math.ceil(JSON.stringify([{ role: 'user', content: text }]).length / 4));
}
