import { defineConfig } from '@playwright/test';

// Debian's Chromium (apt-get install chromium); CHROMIUM_PATH points elsewhere.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// CCP_E2E_PORT: another port, when two work trees run their suites on one machine.
const port = Number(process.env.CCP_E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  // Replays load the tool layer on first use; a loaded CI machine needs more than 5 s for it.
  expect: { timeout: 15_000 },
  retries: 0,
  // Two browsers at once: a spec mostly waits on the page's replays and rendering.
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The first-run lesson stays closed unless a spec asks for a first visit (e2e/lessons.spec.ts).
    storageState: {
      cookies: [],
      origins: [
        {
          origin: `http://127.0.0.1:${port}`,
          localStorage: [{ name: 'ccp.firstRun.dismissed', value: '1' }],
        },
      ],
    },
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `npx vite preview --port ${port} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
