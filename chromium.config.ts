/**
 * How every browser run of the house launches Chromium: the e2e tests (playwright.config.ts)
 * and the benchmarks (bench/) alike. Debian's Chromium, or CHROMIUM_PATH, or else
 * Playwright's own browser where `npx playwright install` could fetch one.
 */
import { existsSync } from 'node:fs';

export const chromiumPath: string | undefined =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

// SwiftShader through ANGLE gives WebGL2 with float32 render targets on the CPU.
// Never --use-gl=swiftshader: tfjs then finds no WebGL and silently falls back.
export const CHROMIUM_FLAGS: readonly string[] = [
  '--use-angle=swiftshader',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
