import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, searchForWorkspaceRoot, type Plugin } from 'vite';
import { rolldown } from 'rolldown';
import react from '@vitejs/plugin-react';
import { nodePolyfills } from 'vite-plugin-node-polyfills';

// Cross-origin isolation: WebContainer needs it, and it must hold on every response.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** CCP_BASE: the path the site is served under (`/cc-playground/` on GitHub Pages); `/` by default. */
function base(raw = process.env.CCP_BASE ?? '/'): string {
  const trimmed = raw.trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/** The one-file export's viewer, bundled on its own (no React, no Monaco) into one script that
 * the export inlines: `import viewer from 'virtual:ccp-export-viewer'` gives its code as a string. */
function exportViewer(): Plugin {
  const id = 'virtual:ccp-export-viewer';
  const entry = 'src/ui/export/viewer/main.ts';
  return {
    name: 'ccp-export-viewer',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const bundle = await rolldown({ input: entry, platform: 'browser', logLevel: 'silent' });
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true });
        for (const m of output[0].moduleIds) this.addWatchFile(m);
        return `export default ${JSON.stringify(output[0].code)};`;
      } finally {
        await bundle.close();
      }
    },
  };
}

/** The gallery's index, one module: `import gallery from 'virtual:ccp-gallery'` gives each
 * scenario's [id, area, description] (id order). An eager glob of the scenarios' fields made one
 * module per scenario, some 1,100 requests the dev server answered one by one before the first
 * paint. Vitest's config uses it too (src/ui/corpus.ts is under test). */
export function galleryIndex(root = import.meta.dirname): Plugin {
  const id = 'virtual:ccp-gallery';
  const dir = join(root, 'conformance/scenarios');
  return {
    name: 'ccp-gallery',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const rows = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => {
          const path = join(dir, f);
          this.addWatchFile(path);
          const s = JSON.parse(readFileSync(path, 'utf8')) as { area?: unknown; description?: unknown };
          const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
          return [f.slice(0, -'.json'.length), text(s.area), text(s.description)] as const;
        })
        .sort((a, b) => (a[0] < b[0] ? -1 : 1));
      return `export default ${JSON.stringify(rows)};`;
    },
  };
}

export default defineConfig({
  base: base(),
  // memfs (and just-bash) import node:buffer, node:path, node:events...: polyfilled in the page.
  plugins: [react(), exportViewer(), galleryIndex(), nodePolyfills({ include: ['buffer', 'path', 'events', 'stream', 'util', 'url', 'process'], globals: { Buffer: true, process: true, global: true }, protocolImports: true })],
  server: {
    headers: isolation,
    // node_modules may be a link to another checkout's (a git work tree beside it): Monaco, served
    // unbundled, fetches its codicon font by a URL that then lies outside the root.
    fs: { allow: [searchForWorkspaceRoot(import.meta.dirname), realpathSync(join(import.meta.dirname, 'node_modules'))] },
  },
  // The polyfills' shims are imported by the pre-bundled deps themselves, so the dev server's
  // scan cannot see them: found late, they made it bundle every dependency a second time on a
  // cold start (about as long as the first). Named here, they are bundled in the first pass.
  // Monaco, pdf.js and wasm-vips are loaded with import() when first shown or used, never for the
  // first view: bundled with the rest, they made up most of a cold start's dependency pass.
  // Served as they ship (ES modules), they cost only when opened.
  optimizeDeps: {
    exclude: ['monaco-editor', 'pdfjs-dist', 'wasm-vips'],
    include: [
      'vite-plugin-node-polyfills/shims/buffer',
      'vite-plugin-node-polyfills/shims/global',
      'vite-plugin-node-polyfills/shims/process',
    ],
  },
  preview: { headers: isolation, port: 4173, strictPort: true },
  build: { target: 'es2022', sourcemap: false },
  worker: { format: 'es' },
});
