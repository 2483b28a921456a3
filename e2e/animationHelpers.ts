/**
 * The animation as a test reads it: its panel, the recorded trace through the `?debug` hooks
 * (frames, wires, the buffers of their values and changes, the same step in float64), and the
 * numbers a pinned wire prints, compared with the trace's.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const panel = (page: Page) => page.getByRole('region', { name: 'Animation' });
export interface Snapshot {
  step: number;
  index: number;
  example: number;
  frames: { kind: string; box: string; boxes: string[]; sum?: { buffer: number; parts: number[]; wires: string[] } }[];
  wires: Record<string, { value: number; changes: number[] }>;
}

export const snapshot = (page: Page) =>
  page.evaluate(() => (window as unknown as { lensboardAnimation: () => Snapshot | null }).lensboardAnimation());
export const float64 = (page: Page, b: number) =>
  page.evaluate(
    (buffer) =>
      (window as unknown as { lensboardAnimationFloat64: (b: number) => number[] | null }).lensboardAnimationFloat64(
        buffer,
      ),
    b,
  );
export const traced = (page: Page, b: number) =>
  page.evaluate(
    (buffer) =>
      (window as unknown as { lensboardAnimationBuffer: (b: number) => number[] | null }).lensboardAnimationBuffer(
        buffer,
      ),
    b,
  );

/** The numbers a pinned wire prints (four significant digits, true minus signs). */
export async function shownNumbers(page: Page, label: string): Promise<number[]> {
  const text = (await panel(page).getByRole('status', { name: label }).textContent()) ?? '';
  // the numbers printed, not the count of those that are not (`… 100336 more`)
  return (text.split('…')[0] ?? '')
    .split(/\s+/)
    .filter((s) => /^[−\d]/.test(s))
    .map((s) => Number(s.replace('−', '-')));
}

export function expectSame(shown: number[], trace: number[], what: string) {
  expect(shown.length, what).toBe(Math.min(16, trace.length));
  shown.forEach((v, i) => {
    expect(Math.abs(v - trace[i]), `${what}[${i}]: shown ${v}, traced ${trace[i]}`).toBeLessThanOrEqual(
      5e-4 * Math.abs(trace[i]) + 1e-9,
    );
  });
}

export async function exampleCount(page: Page): Promise<number> {
  return panel(page).getByLabel('Example').locator('option').count();
}
