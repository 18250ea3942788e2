import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { galleryIndex } from './vite.config';

export default defineConfig({
  plugins: [galleryIndex()],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    testTimeout: 30000,
    setupFiles: ['src/test-setup.ts'],
    // Vitest's default leaves a core free (one worker on 2 cores), and the files wait on threads,
    // processes and timers often enough that a worker per core pays: 280 -> 182 s here.
    maxWorkers: availableParallelism(),
    // The files share a worker's modules instead of loading the tool layer afresh each (a third
    // of the CPU went to imports): 182 -> 132 s. No module keeps state between files; runs in
    // shuffled file orders (--sequence.shuffle.files, seeds 11 and 23) pass as the plain one does.
    isolate: false,
  },
});
