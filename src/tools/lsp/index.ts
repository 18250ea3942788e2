// LSP: code intelligence from the session's language servers. Offered only when a
// code-intelligence plugin declares a server (scenario `plugins`, the page's session setting),
// behind ToolSearch on 2.1.332 (session.ts). Recorded on both versions against
// typescript-language-server 5.3.0 over TypeScript 5.9.3 (lsp-* scenarios); this build answers
// with the TypeScript language service (the workspace's language port, src/backends/lsp), so only JavaScript and
// TypeScript servers are emulated. The rules found:
// - the file must exist and be a file (a <tool_use_error>, the path as given); an extension no
//   server takes is a plain answer, "No LSP server available for file type: .txt" ("" for none);
// - line and character are 1-based and become an offset into the text (past a line's end runs on
//   into the next lines); hover's header names where the hovered symbol starts;
// - each call opens its file with the server, whose project is the opened files and what they
//   import (2.1.273's "1 files" workspace symbols); diagnostics follow (diagnostics.ts).
// NOT RECORDED: permission rules for LSP (it asks no permission here); relative paths after a
// `cd` (taken from the project directory); the 2.1.273 race where calls beside the first one
// fail while the server starts ("server is starting"), which the corpus avoids.
import type { AfterCall, AfterCallContext, Conversation, Rendered, ToolContext, ToolModule } from '../types';
import { EXTRA_DEFERRED_KEY, LOADED_TOOLS_KEY } from '../types';
import { deferredListingOf } from '../../profiles/definitions';
import { isFsError, type Workspace } from '../../workspace/types';
import { diagnosticsMessage } from './diagnostics';
import { formatAnswer, type Formatted } from './format';
import { lspInput, type LspInput } from './schema';
import { LSP_SERVERS_KEY, lspState, serverFor, servedFiles, serversOf } from './session';
import { lineStarts, type LspProject, type Operation, type Position } from '../../workspace/language';

export type LspOutcome =
  | { kind: 'missing' | 'notFile'; filePath: string }
  | { kind: 'noServer'; op: Operation; filePath: string; ext: string }
  | { kind: 'answer'; op: Operation; filePath: string; formatted: Formatted }
  | { kind: 'tooLarge'; op: Operation; filePath: string; bytes: number; maxBytes: number }
  | { kind: 'noBackend'; op: Operation; filePath: string };

const absolute = (cwd: string, p: string) => (p.startsWith('/') ? p : `${cwd}/${p}`);

/** `a/../b` and `./` segments resolved, as Node's path.resolve leaves a path. */
function normalise(p: string): string {
  const out: string[] = [];
  for (const s of p.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') out.pop();
    else out.push(s);
  }
  return `/${out.join('/')}`;
}

/** The path the results name: relative to the project (Node's path.relative). */
export function relativePath(cwd: string, p: string): string {
  const from = cwd.split('/').filter(Boolean);
  const to = p.split('/').filter(Boolean);
  let i = 0;
  while (i < from.length && i < to.length && from[i] === to[i]) i++;
  return [...from.slice(i).map(() => '..'), ...to.slice(i)].join('/');
}

/** The position as an offset into the text and back: 1:200 on a file whose first line is short
 * lands some lines further on; past the last line is the end of the text. */
function throughOffset(text: string, p: Position): Position {
  const starts = lineStarts(text);
  const base = p.line < starts.length ? (starts[p.line] ?? 0) : text.length;
  const offset = Math.min(base + p.character, text.length);
  let line = 0;
  while (line + 1 < starts.length && (starts[line + 1] ?? 0) <= offset) line++;
  return { line, character: offset - (starts[line] ?? 0) };
}

async function project(ws: Workspace, c: Conversation, opened: string): Promise<LspProject> {
  const st = lspState(c);
  const files = await servedFiles(ws.fs, ws.info.cwd, c);
  if (!st.started) {
    // The server starts now: what an edit is measured against from here on.
    st.started = true;
    st.seen = new Map(files);
  }
  const text = files.get(opened);
  if (text !== undefined && !st.synced.has(opened)) {
    st.synced.set(opened, text);
    st.justOpened.add(opened);
  }
  return { cwd: ws.info.cwd, files: Object.fromEntries(files), opened: [...st.synced.keys()] };
}

async function callLsp(input: LspInput, ctx: ToolContext): Promise<LspOutcome> {
  const { ws, conversation } = ctx;
  const op = input.operation;
  const filePath = input.filePath;
  const file = normalise(absolute(ws.info.cwd, filePath));
  if (!serverFor(conversation, file)) {
    const base = file.slice(file.lastIndexOf('/') + 1);
    const dot = base.lastIndexOf('.');
    return { kind: 'noServer', op, filePath, ext: dot <= 0 ? '' : base.slice(dot) };
  }
  const backend = ws.language;
  if (!backend) return { kind: 'noBackend', op, filePath };
  // A file the server has not opened is measured before it is read (lsp-x-file-too-large).
  const maxBytes = ctx.profile.lsp?.maxFileBytes;
  if (maxBytes !== undefined && !lspState(conversation).synced.has(file)) {
    const bytes = (await ws.fs.stat(file)).size;
    if (bytes > maxBytes) return { kind: 'tooLarge', op, filePath, bytes, maxBytes };
  }
  const proj = await project(ws, conversation, file);
  const text = proj.files[file] ?? '';
  // Both versions turn line and character into an offset into the text (lsp-position-out-of-
  // range). NOT REPRODUCED: one 2.1.332 run passed such positions on and tsserver failed
  // ("Debug Failure. Bad line number", with its stack); a second run of the same calls did not.
  const position = throughOffset(text, { line: input.line - 1, character: input.character - 1 });
  const answer = await backend.run(proj, {
    op,
    file,
    position,
    ...(input.query !== undefined && { query: input.query }),
  });
  const formatted = formatAnswer(answer, (f) => relativePath(ws.info.cwd, f), {
    line: position.line + 1,
    character: position.character + 1,
  }, { namesAtName: ctx.profile.lsp?.namesAtName ?? false });
  return { kind: 'answer', op, filePath, formatted };
}

const error = (text: string): Rendered => ({
  content: `<tool_use_error>${text}</tool_use_error>`,
  is_error: true,
  structured: `Error: ${text}`,
});

export function renderLsp(o: LspOutcome): Rendered {
  switch (o.kind) {
    case 'missing':
      return error(`File does not exist: ${o.filePath}`);
    case 'notFile':
      return error(`Path is not a file: ${o.filePath}`);
    case 'noServer': {
      const result = `No LSP server available for file type: ${o.ext}`;
      return {
        content: result,
        is_error: false,
        structured: { operation: o.op, result, filePath: o.filePath },
      };
    }
    case 'noBackend': {
      const result = 'cc-playground: no language service is loaded here, so this LSP call is not emulated.';
      return { content: result, is_error: true };
    }
    case 'tooLarge': {
      const mb = (n: number) => Math.ceil(n / 1e6);
      const result = `File too large for LSP analysis (${mb(o.bytes)}MB exceeds ${mb(o.maxBytes)}MB limit)`;
      return {
        content: result,
        is_error: false,
        structured: { operation: o.op, result, filePath: o.filePath },
      };
    }
    case 'answer': {
      const { text, resultCount, fileCount } = o.formatted;
      return {
        content: text,
        is_error: false,
        structured: { operation: o.op, result: text, filePath: o.filePath, resultCount, fileCount },
      };
    }
  }
}

export function explainLsp(o: LspOutcome): string {
  switch (o.kind) {
    case 'missing':
      return 'The LSP tool checks that the file exists before it asks any server.';
    case 'notFile':
      return 'The LSP tool works on one file; a directory is refused before any server is asked.';
    case 'noServer':
      return `No plugin's language server takes ${o.ext === '' ? 'files without an extension' : `${o.ext} files`}, so there is nobody to ask; that is an answer, not an error.`;
    case 'noBackend':
      return 'This build answers LSP calls with the TypeScript language service, which was not loaded here.';
    case 'tooLarge':
      return `The file is ${o.bytes} bytes, over the ${o.maxBytes} bytes the LSP tool sends a server it has not opened yet, so it is refused before it is read; that is an answer, not an error.`;
    case 'answer':
      return `The TypeScript language service answered ${o.op} as typescript-language-server would, and the binary's wording turned the answer into text (${o.formatted.resultCount} result(s) in ${o.formatted.fileCount} file(s)). Not recorded: the server's start-up answers ("server is starting", syntax-only hovers), warning and information marks in diagnostics, several call-hierarchy items at one position.`;
  }
}

/** After every model call: the diagnostics of files the server opened or got an edit of in this
 * call wait for the next one; what waited since the last call is delivered now. */
async function diagnosticsAfterCall(ws: Workspace, c: Conversation): Promise<string[]> {
  const st = lspState(c);
  const out = st.pending === undefined ? [] : [st.pending];
  st.pending = undefined;
  const backend = ws.language;
  if (!st.started || !backend) return out;
  const files = await servedFiles(ws.fs, ws.info.cwd, c);
  const changed = [...st.justOpened];
  for (const [f, text] of files)
    if (st.seen?.get(f) !== text && !st.justOpened.has(f)) {
      // NOT RECORDED: a change made by Bash (the recordings edit with Edit and Write).
      changed.push(f);
      st.synced.set(f, text);
    }
  st.justOpened.clear();
  st.seen = files;
  if (changed.length === 0) return out;
  const proj: LspProject = {
    cwd: ws.info.cwd,
    files: Object.fromEntries(files),
    opened: [...st.synced.keys()],
  };
  const reports = [];
  for (const f of changed)
    if (files.has(f))
      reports.push({ path: relativePath(ws.info.cwd, f), diagnostics: await backend.diagnostics(proj, f) });
  st.pending = diagnosticsMessage(reports);
  return out;
}

async function afterModelCall(ctx: AfterCallContext): Promise<AfterCall> {
  const notes = await diagnosticsAfterCall(ctx.ws, ctx.conversation);
  // 2.1.332 announces the deferred LSP tool after the first model call, unless ToolSearch
  // loaded it in that call (lsp-operations, lsp-errors).
  const loaded = ctx.conversation.state.get(LOADED_TOOLS_KEY) as Set<string> | undefined;
  const deferred = (ctx.conversation.state.get(EXTRA_DEFERRED_KEY) as string[] | undefined) ?? [];
  const announce = deferred.includes('LSP') && ctx.calls === 1 && loaded?.has('LSP') !== true;
  return {
    notes,
    attachments: announce ? [{ role: 'system', type: 'text', text: deferredListingOf(['LSP']) }] : [],
  };
}

export const lspTool: ToolModule<LspInput, LspOutcome> = {
  name: 'LSP',
  needs: 'languageServer',
  available: (scen) => serversOf(scen.plugins).length > 0,
  setup: (scen, conversation) => conversation.state.set(LSP_SERVERS_KEY, serversOf(scen.plugins)),
  schema: lspInput,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  permissionRequest: (input) => ({ tool: 'LSP', kind: 'other', paths: [], input, noPrompt: true }),
  validate: async (input, ctx) => {
    const file = normalise(absolute(ctx.ws.info.cwd, input.filePath));
    try {
      const st = await ctx.ws.fs.stat(file);
      return st.type === 'file' ? undefined : { kind: 'notFile', filePath: input.filePath };
    } catch (e) {
      if (isFsError(e)) return { kind: 'missing', filePath: input.filePath };
      throw e;
    }
  },
  call: callLsp,
  render: renderLsp,
  explain: explainLsp,
  afterModelCall,
};
