import { defineConfig } from 'vitest/config';
import { galleryIndex } from './vite.config';

export default defineConfig({
  plugins: [galleryIndex()],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    testTimeout: 30000,
    setupFiles: ['src/test-setup.ts'],
  },
});
