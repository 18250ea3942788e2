// Types for the two libraries WebFetch converts HTML with (neither ships types under the name
// it is imported by).
declare module 'turndown' {
  interface Options {
    headingStyle?: 'setext' | 'atx';
    codeBlockStyle?: 'indented' | 'fenced';
  }
  export default class TurndownService {
    constructor(options?: Options);
    turndown(input: string | object): string;
  }
}
declare module '@mixmark-io/domino' {
  interface DominoElement {
    readonly nodeType: number;
  }
  interface DominoDocument {
    getElementById(id: string): DominoElement | null;
  }
  const domino: { createDocument(html?: string, force?: boolean): DominoDocument };
  export default domino;
}
