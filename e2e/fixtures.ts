/**
 * A page that records what a user would never want to see: console errors, page errors,
 * requests that leave 127.0.0.1 and Content-Security-Policy violations. Every spec uses it and
 * checks the record is empty at the end.
 */
import { test as base, expect, type Page } from '@playwright/test';

export interface PageRecord {
  consoleErrors: string[];
  foreignRequests: string[];
  cspViolations(): Promise<string[]>;
}

const ignoredConsole = [/GPU stall due to ReadPixels/];

export async function recordPage(page: Page): Promise<PageRecord> {
  const consoleErrors: string[] = [];
  const foreignRequests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !ignoredConsole.some((r) => r.test(m.text()))) consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.hostname !== '127.0.0.1') foreignRequests.push(r.url());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`);
    });
  });
  return {
    consoleErrors,
    foreignRequests,
    cspViolations: () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  };
}

/**
 * The specs that are not about the screen's arrangement start with every panel open, as a user
 * who opened them (the choice the app keeps in localStorage, app/panelLayout.ts); the first
 * visit's arrangement for the window's width is checked in e2e/layouts.spec.ts, which sets
 * `panelsOpen: false`.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: Playwright types a fixture that gives no value as void
export const test = base.extend<{ record: PageRecord; panelsOpen: boolean; panels: void }>({
  panelsOpen: [true, { option: true }],
  panels: [
    async ({ context, panelsOpen }, use) => {
      if (panelsOpen)
        await context.addInitScript(() => {
          if (localStorage.getItem('lensboard.panels') === null)
            localStorage.setItem(
              'lensboard.panels',
              JSON.stringify({ palette: true, inspector: true, data: true, training: true }),
            );
        });
      await use();
    },
    { auto: true },
  ],
  record: async ({ page }, use) => {
    const record = await recordPage(page);
    await use(record);
    expect(record.consoleErrors, 'console errors').toEqual([]);
    expect(record.foreignRequests, 'requests leaving 127.0.0.1').toEqual([]);
    expect(await record.cspViolations(), 'CSP violations').toEqual([]);
  },
});

export { expect };
