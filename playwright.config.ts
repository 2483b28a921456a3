import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath as executablePath } from './chromium.config';

const args = [...CHROMIUM_FLAGS];

// E2E_PORT lets a second checkout run its tests while another preview holds 4173.
const port = Number(process.env.E2E_PORT ?? 4173);
export const PREVIEW_URL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  // A forgotten test.only would pass a run that skipped everything else: refused on every machine.
  forbidOnly: true,
  // No retries: a test that passes on its second try is a flaky test, and it is fixed at its cause.
  retries: 0,
  workers: 2,
  // The tests of one file spread over both workers, so a file of long tests does not hold one
  // worker at the end of the run while the other idles. Each test has its own page and context;
  // the one that starts a server (liveClass) takes its port from E2E_PORT and is alone in its file.
  fullyParallel: true,
  timeout: 60_000,
  // A ceiling on waiting for what the page shows, never a bound on speed: a worker starting on a
  // busy two-core machine may take seconds longer than Playwright's 5 s default.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: PREVIEW_URL,
    // A failed test keeps its trace (the DOM at each action, the network, the console) but not
    // the screencast: on this machine's software rendering the screenshots cost a fifth of the
    // run (editorViews and notation: 39 s with them, 31 s without, 30 s with no trace).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: { executablePath, args },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args } } }],
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: PREVIEW_URL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
