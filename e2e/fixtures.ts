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

export const test = base.extend<{ record: PageRecord }>({
  record: async ({ page }, use) => {
    const record = await recordPage(page);
    await use(record);
    expect(record.consoleErrors, 'console errors').toEqual([]);
    expect(record.foreignRequests, 'requests leaving 127.0.0.1').toEqual([]);
    expect(await record.cspViolations(), 'CSP violations').toEqual([]);
  },
});

export { expect };
