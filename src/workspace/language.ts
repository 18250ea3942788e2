// The language-server port: what the LSP tool asks of a language server, and what it gets back,
// in the shapes of the Language Server Protocol (0-based lines and characters, UTF-16 units).
// The entry that builds the workspace chooses the implementation (Workspace.language): the
// TypeScript language service (src/backends/lsp), in-process (CLI, tests) or in a worker (the
// page).

export const OPERATIONS = [
  'goToDefinition',
  'findReferences',
  'hover',
  'documentSymbol',
  'workspaceSymbol',
  'goToImplementation',
  'prepareCallHierarchy',
  'incomingCalls',
  'outgoingCalls',
] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface Position {
  line: number;
  character: number;
}

export interface Location {
  /** Absolute path. */
  file: string;
  start: Position;
}

/** LSP SymbolKind numbers (1 File ... 26 TypeParameter). */
export type SymbolKind = number;

export interface DocumentSymbol {
  name: string;
  kind: SymbolKind;
  /** The symbol's whole range starts here. */
  line: number;
  /** Its name is on this line (the range's first line when the name lies outside that range, as
   * for a second overload). */
  nameLine: number;
  children: DocumentSymbol[];
}

export interface WorkspaceSymbol {
  name: string;
  kind: SymbolKind;
  file: string;
  line: number;
}

export interface CallItem {
  name: string;
  kind: SymbolKind;
  file: string;
  /** The item's range (with its leading JSDoc) starts on this line. */
  line: number;
  /** The item's name (its selection range) is on this line. */
  nameLine: number;
  /** What the server gives as the item's detail: the class a method belongs to. */
  detail?: string;
}

export interface CallEdge {
  item: CallItem;
  /** Where the calls are, in the caller's file. */
  ranges: Position[];
}

export type LspAnswer =
  | { op: 'goToDefinition' | 'goToImplementation' | 'findReferences'; locations: Location[] }
  /** `start`: where the hovered symbol starts (the hover's range). */
  | { op: 'hover'; markdown: string | null; start?: Position }
  | { op: 'documentSymbol'; symbols: DocumentSymbol[] }
  | { op: 'workspaceSymbol'; symbols: WorkspaceSymbol[] }
  | { op: 'prepareCallHierarchy'; items: CallItem[] }
  | { op: 'incomingCalls' | 'outgoingCalls'; item: boolean; calls: CallEdge[] };

/** The files the server sees: every source file of the workspace (absolute path -> text), and
 * the ones opened with it (the binary opens each file an LSP call names). */
export interface LspProject {
  cwd: string;
  files: Record<string, string>;
  opened: string[];
}

export interface LspRequest {
  op: Operation;
  file: string;
  position: Position;
  query?: string;
}

export interface Diagnostic {
  /** LSP DiagnosticSeverity: 1 error, 2 warning, 3 information, 4 hint. */
  severity: number;
  start: Position;
  message: string;
  code?: number | string;
  source?: string;
}

export interface LanguageBackend {
  run(project: LspProject, request: LspRequest): Promise<LspAnswer>;
  /** What the server publishes for one file. */
  diagnostics(project: LspProject, file: string): Promise<Diagnostic[]>;
}

/** Line starts as the LSP text document counts them (\n, \r\n, \r). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    if (c === 13 || c === 10) starts.push(i + 1);
  }
  return starts;
}
