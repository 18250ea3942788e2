// The LanguageBackend over the `typescript` package's LanguageService, answering as
// typescript-language-server 5.3.0 over tsserver 5.9.3 answers (the server the corpus was
// recorded with, lsp-*): the same spans, kinds, sort orders and hover markdown. The module is
// passed in (loaded lazily by whoever starts the core), with the lib .d.ts texts.
import type * as TS from 'typescript';
import {
  lineStarts,
  type CallEdge,
  type CallItem,
  type Diagnostic,
  type DocumentSymbol,
  type LanguageBackend,
  type Location,
  type LspAnswer,
  type LspProject,
  type LspRequest,
  type Position,
  type SymbolKind,
  type WorkspaceSymbol,
} from '../../workspace/language';

type Ts = typeof TS;

/** The lib files a program needs, by file name (`lib.es2020.full.d.ts`); undefined: absent. */
export type LibReader = (name: string) => string | undefined;

// typescript-language-server's implicit project configuration (checkJs off, ESNext modules,
// ES2020, strict null checks and function types), as tsserver completes it for an inferred
// project (allowJs, synthetic default imports, non-TS extensions).
function compilerOptions(ts: Ts): TS.CompilerOptions {
  return {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2020,
    strictNullChecks: true,
    strictFunctionTypes: true,
    allowJs: true,
    checkJs: false,
    allowSyntheticDefaultImports: true,
    allowNonTsExtensions: true,
    jsx: ts.JsxEmit.Preserve,
  };
}

// typescript-language-server's ScriptElementKind -> SymbolKind (recorded: Function, Class,
// Constructor, Method, Property, Interface, Constant, Module for a file's top level).
function symbolKind(kind: string): SymbolKind {
  switch (kind) {
    case 'module':
    case 'script':
      return 2;
    case 'class':
    case 'local class':
      return 5;
    case 'method':
    case 'call':
    case 'index':
      return 6;
    case 'property':
    case 'getter':
    case 'setter':
      return 7;
    case 'constructor':
    case 'construct':
      return 9;
    case 'enum':
      return 10;
    case 'interface':
      return 11;
    case 'function':
    case 'local function':
      return 12;
    case 'const':
    case 'enum member':
      return 14;
    case 'string':
      return 15;
    case 'type parameter':
      return 26;
    default:
      return 13;
  }
}

/** A position -> an offset, clamped as the LSP text document clamps it: past the last line is
 * the end of the text, past a line's end is its end (before the line break). */
export function offsetAt(text: string, p: Position): number {
  const starts = lineStarts(text);
  if (p.line >= starts.length) return text.length;
  if (p.line < 0) return 0;
  const start = starts[p.line] ?? 0;
  let end = p.line + 1 < starts.length ? (starts[p.line + 1] ?? text.length) : text.length;
  while (end > start && (text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13)) end--;
  return Math.max(start, Math.min(start + p.character, end));
}

function positionAt(text: string, offset: number): Position {
  const starts = lineStarts(text);
  let line = 0;
  while (line + 1 < starts.length && (starts[line + 1] ?? 0) <= offset) line++;
  return { line, character: offset - (starts[line] ?? 0) };
}

const SOURCE = /\.(?:[cm]?[jt]sx?)$/;

export function typescriptBackend(ts: Ts, readLib: LibReader): LanguageBackend {
  const libDir = '/__lib__/';
  const libCache = new Map<string, string | undefined>();
  const lib = (name: string) => {
    if (!libCache.has(name)) libCache.set(name, readLib(name));
    return libCache.get(name);
  };

  // One service for the backend's life: the lib files are parsed once, a workspace file again
  // only when its text changed (its version counts the changes).
  let current: LspProject = { cwd: '/', files: {}, opened: [] };
  const versions = new Map<string, { text: string; version: number }>();
  const options = compilerOptions(ts);
  const read = (f: string): string | undefined =>
    f.startsWith(libDir) ? lib(f.slice(libDir.length)) : current.files[f];
  const host: TS.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => current.opened.filter((f) => current.files[f] !== undefined),
    getScriptVersion: (f) => {
      const t = read(f);
      if (t === undefined || f.startsWith(libDir)) return '0';
      const v = versions.get(f);
      if (v?.text === t) return String(v.version);
      const next = { text: t, version: (v?.version ?? 0) + 1 };
      versions.set(f, next);
      return String(next.version);
    },
    getScriptSnapshot: (f) => {
      const t = read(f);
      return t === undefined ? undefined : ts.ScriptSnapshot.fromString(t);
    },
    getCurrentDirectory: () => current.cwd,
    getDefaultLibFileName: (o) => libDir + ts.getDefaultLibFileName(o),
    fileExists: (f) => read(f) !== undefined,
    readFile: read,
    directoryExists: (d) =>
      d.startsWith(libDir.slice(0, -1)) ||
      Object.keys(current.files).some((f) => f.startsWith(d.endsWith('/') ? d : `${d}/`)),
    getDirectories: () => [],
    useCaseSensitiveFileNames: () => true,
  };
  const languageService = ts.createLanguageService(host, ts.createDocumentRegistry());
  function service(project: LspProject) {
    current = project;
    return languageService;
  }

  const text = (project: LspProject, f: string) => project.files[f] ?? '';
  const pos = (project: LspProject, f: string, offset: number) => positionAt(text(project, f), offset);

  function callItem(project: LspProject, i: TS.CallHierarchyItem): CallItem {
    // A file's top level is named by its base name (lsp-operations: "b.ts (Module)").
    const name = i.name === i.file ? i.name.slice(i.name.lastIndexOf('/') + 1) : i.name;
    return {
      name,
      kind: symbolKind(i.kind),
      file: i.file,
      line: pos(project, i.file, i.span.start).line,
      nameLine: pos(project, i.file, i.selectionSpan.start).line,
      ...(i.containerName ? { detail: i.containerName } : {}),
    };
  }

  function documentSymbols(project: LspProject, file: string, items: readonly TS.NavigationTree[]): DocumentSymbol[] {
    const out: DocumentSymbol[] = [];
    for (const item of items) {
      // typescript-language-server leaves out import aliases and nameless items, and gives each
      // span of an item a symbol of its own (an overloaded function: one per signature), with
      // the children inside that span.
      if (item.kind === 'alias' || item.text === '' || item.text === '<function>' || item.text === '<class>') continue;
      for (const span of item.spans) {
        const inside = (item.childItems ?? []).filter((c) => {
          const first = c.spans[0];
          return first !== undefined && first.start >= span.start && first.start <= span.start + span.length;
        });
        const name = item.nameSpan;
        const named = name !== undefined && name.start >= span.start && name.start + name.length <= span.start + span.length;
        out.push({
          name: item.text,
          kind: symbolKind(item.kind),
          line: pos(project, file, span.start).line,
          nameLine: pos(project, file, named ? name.start : span.start).line,
          children: documentSymbols(project, file, inside),
        });
      }
    }
    return out;
  }

  function hoverMarkdown(info: TS.QuickInfo): string | null {
    const display = ts.displayPartsToString(info.displayParts);
    const doc = ts.displayPartsToString(info.documentation);
    const tags = (info.tags ?? []).map(tagMarkdown).join('  \n\n');
    let md = '';
    if (display) md += `\n\`\`\`typescript\n${display}\n\`\`\`\n`;
    if (doc) md += doc;
    if (tags) md += `\n\n${tags}`;
    return md === '' ? null : md;
  }

  function tagMarkdown(tag: TS.JSDocTagInfo): string {
    const body = ts.displayPartsToString(tag.text);
    if (['augments', 'extends', 'param', 'template'].includes(tag.name)) {
      const m = /^(\S+)\s*-?\s*([\s\S]*)$/.exec(body);
      if (m) {
        const label = `*@${tag.name}* \`${m[1] ?? ''}\``;
        const doc = m[2] ?? '';
        if (!doc) return label;
        return label + (/\r\n|\n/.test(doc) ? `  \n${doc}` : ` — ${doc}`);
      }
    }
    const label = `*@${tag.name}*`;
    if (!body) return label;
    return label + (/\r\n|\n/.test(body) ? `  \n${body}` : ` — ${body}`);
  }

  return {
    run(project: LspProject, req: LspRequest): Promise<LspAnswer> {
      const ls = service(project);
      const file = req.file;
      const offset = offsetAt(text(project, file), req.position);
      const loc = (f: string, start: number): Location => ({ file: f, start: pos(project, f, start) });
      switch (req.op) {
        case 'goToDefinition': {
          const defs = ls.getDefinitionAtPosition(file, offset) ?? [];
          return Promise.resolve({ op: req.op, locations: defs.map((d) => loc(d.fileName, d.textSpan.start)) });
        }
        case 'goToImplementation': {
          const defs = ls.getImplementationAtPosition(file, offset) ?? [];
          return Promise.resolve({ op: req.op, locations: defs.map((d) => loc(d.fileName, d.textSpan.start)) });
        }
        case 'findReferences': {
          const refs = ls.getReferencesAtPosition(file, offset) ?? [];
          return Promise.resolve({ op: req.op, locations: refs.map((d) => loc(d.fileName, d.textSpan.start)) });
        }
        case 'hover': {
          const info = ls.getQuickInfoAtPosition(file, offset);
          if (!info) return Promise.resolve({ op: 'hover', markdown: null });
          return Promise.resolve({ op: 'hover', markdown: hoverMarkdown(info), start: pos(project, file, info.textSpan.start) });
        }
        case 'documentSymbol': {
          const tree = ls.getNavigationTree(file);
          return Promise.resolve({ op: 'documentSymbol', symbols: documentSymbols(project, file, tree.childItems ?? []) });
        }
        case 'workspaceSymbol': {
          const items = ls.getNavigateToItems(req.query ?? '', undefined, undefined, true);
          const symbols: WorkspaceSymbol[] = items.map((i) => ({
            name: i.name,
            kind: symbolKind(i.kind),
            file: i.fileName,
            line: pos(project, i.fileName, i.textSpan.start).line,
          }));
          return Promise.resolve({ op: 'workspaceSymbol', symbols });
        }
        case 'prepareCallHierarchy': {
          const r = ls.prepareCallHierarchy(file, offset);
          const items = r === undefined ? [] : Array.isArray(r) ? r : [r];
          return Promise.resolve({ op: req.op, items: items.map((i) => callItem(project, i)) });
        }
        case 'incomingCalls':
        case 'outgoingCalls': {
          const r = ls.prepareCallHierarchy(file, offset);
          const first = r === undefined ? undefined : Array.isArray(r) ? r[0] : r;
          if (first === undefined) return Promise.resolve({ op: req.op, item: false, calls: [] });
          const at = first.selectionSpan.start;
          const calls: CallEdge[] =
            req.op === 'incomingCalls'
              ? ls.provideCallHierarchyIncomingCalls(first.file, at).map((c) => ({
                  item: callItem(project, c.from),
                  ranges: c.fromSpans.map((s) => pos(project, c.from.file, s.start)),
                }))
              : ls.provideCallHierarchyOutgoingCalls(first.file, at).map((c) => ({
                  item: callItem(project, c.to),
                  ranges: c.fromSpans.map((s) => pos(project, first.file, s.start)),
                }));
          return Promise.resolve({ op: req.op, item: true, calls });
        }
      }
    },
    diagnostics(project: LspProject, file: string): Promise<Diagnostic[]> {
      if (!SOURCE.test(file)) return Promise.resolve([]);
      const ls = service(project);
      const severity = (c: TS.DiagnosticCategory) =>
        c === ts.DiagnosticCategory.Error ? 1 : c === ts.DiagnosticCategory.Warning ? 2 : c === ts.DiagnosticCategory.Suggestion ? 4 : 3;
      const all = [
        ...ls.getSyntacticDiagnostics(file),
        ...ls.getSemanticDiagnostics(file),
        ...ls.getSuggestionDiagnostics(file),
      ];
      return Promise.resolve(
        all.map((d) => ({
          severity: severity(d.category),
          start: pos(project, file, d.start ?? 0),
          message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
          code: d.code,
          source: 'typescript',
        })),
      );
    },
  };
}
