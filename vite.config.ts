import { defineConfig } from 'vite';
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

export default defineConfig({
  base: base(),
  // memfs (and just-bash) import node:buffer, node:path, node:events...: polyfilled in the page.
  plugins: [react(), nodePolyfills({ include: ['buffer', 'path', 'events', 'stream', 'util', 'url', 'process'], globals: { Buffer: true, process: true, global: true }, protocolImports: true })],
  server: { headers: isolation },
  preview: { headers: isolation, port: 4173, strictPort: true },
  build: { target: 'es2022', sourcemap: false },
  worker: { format: 'es' },
});
