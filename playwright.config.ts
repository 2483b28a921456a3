import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium (CI installs it with apt); CHROMIUM_PATH overrides; else Playwright's own.
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

// SwiftShader through ANGLE gives WebGL2 with float32 render targets on the CPU.
// Never --use-gl=swiftshader: tfjs then finds no WebGL and silently falls back.
const args = [
  '--use-angle=swiftshader',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

// E2E_PORT lets a second checkout run its tests while another preview holds 4173.
const port = Number(process.env.E2E_PORT ?? 4173);
export const PREVIEW_URL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: PREVIEW_URL,
    trace: 'retain-on-failure',
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
