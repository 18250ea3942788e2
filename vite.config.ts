import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Cross-origin isolation: WebContainer needs it, and it must hold on every response.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [react()],
  server: { headers: isolation },
  preview: { headers: isolation, port: 4173, strictPort: true },
  build: { target: 'es2022', sourcemap: false },
  worker: { format: 'es' },
});
