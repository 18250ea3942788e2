// Monaco, bundled locally (no CDN): @monaco-editor/react is pointed at the bundled editor API
// and its one worker. This module is only reached through React.lazy (see ../LazyEditors).
import Editor, { DiffEditor, loader, type DiffOnMount } from '@monaco-editor/react';
import { useLayoutEffect, useRef, useState } from 'react';
import * as monaco from 'monaco-editor/editor/editor.api';
import { monacoTheme, usePrefersDark } from '../layout/theme';
import { useWrap } from '../layout/wrap';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
// The editor API alone leaves out the codicon font: the diff gutter's +/- would be empty boxes.
import 'monaco-editor/features/codicon/register';

self.MonacoEnvironment = { getWorker: () => new EditorWorker() };
loader.config({ monaco });

// Exact bytes matter here: no auto-closed brackets or quotes, no auto-indent guesses.
const common = {
  autoClosingBrackets: 'never' as const,
  autoClosingQuotes: 'never' as const,
  autoIndent: 'none' as const,
  formatOnPaste: false,
  formatOnType: false,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  fontSize: 12,
  renderWhitespace: 'all' as const,
  automaticLayout: true,
  unicodeHighlight: { ambiguousCharacters: true, invisibleCharacters: true },
};

export interface CodeEditorProps {
  path: string;
  value: string;
  readOnly: boolean;
  onChange?: (v: string) => void;
  height?: number | string;
}

export function CodeEditor({ path, value, readOnly, onChange, height = 260 }: CodeEditorProps) {
  const dark = usePrefersDark();
  const wrap = useWrap();
  const [mounted, setMounted] = useState(false);
  return (
    <div className="monaco-host" data-testid="code-editor" data-mounted={mounted}>
      <Editor
        height={height}
        path={path}
        value={value}
        theme={monacoTheme(dark)}
        options={{ ...common, readOnly, wordWrap: wrap ? 'on' : 'off', ariaLabel: `Contents of ${path}` }}
        onChange={(v) => onChange?.(v ?? '')}
        onMount={() => setMounted(true)}
      />
    </div>
  );
}

export interface DiffProps {
  original: string;
  modified: string;
  height?: number | string;
}

type DiffWidget = Parameters<DiffOnMount>[0];

export function Diff({ original, modified, height = 220 }: DiffProps) {
  // @monaco-editor/react disposes the two models before the widget holding them, which Monaco
  // reports as "TextModel got disposed before DiffEditorWidget model got reset". The models are
  // kept from the library and let go here, after the widget has been detached from them; a
  // layout effect's cleanup runs before the library's own (passive) one.
  const widget = useRef<DiffWidget | undefined>(undefined);
  const dark = usePrefersDark();
  const wrap = useWrap();
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(
    () => () => {
      const w = widget.current;
      widget.current = undefined;
      const models = w?.getModel();
      w?.setModel(null);
      models?.original.dispose();
      models?.modified.dispose();
    },
    [],
  );
  return (
    <div className="monaco-host" data-testid="diff-editor" data-mounted={mounted}>
      <DiffEditor
        height={height}
        original={original}
        modified={modified}
        theme={monacoTheme(dark)}
        keepCurrentOriginalModel
        keepCurrentModifiedModel
        onMount={(w) => {
          widget.current = w;
          // At creation the diff options' aria labels do not reach the inner editors' inputs
          // (axe: aria-input-field-name); each inner editor is named itself here, and every later
          // options update carries the labels, since one without them clears them.
          w.getOriginalEditor().updateOptions({ ariaLabel: 'Diff: before' });
          w.getModifiedEditor().updateOptions({ ariaLabel: 'Diff: after' });
          setMounted(true);
        }}
        options={{
          ...common,
          readOnly: true,
          wordWrap: wrap ? 'on' : 'off',
          renderSideBySide: false,
          originalEditable: false,
          originalAriaLabel: 'Diff: before',
          modifiedAriaLabel: 'Diff: after',
        }}
      />
    </div>
  );
}
