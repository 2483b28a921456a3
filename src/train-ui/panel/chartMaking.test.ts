/**
 * A chart waits for the page's first paint only while its library has yet to load; a chart made
 * again after that (the per-epoch chart at the first epoch's end) is made at once
 * (docs/training-panel.md, "Views").
 */
import { describe, expect, it } from 'vitest';
import { scheduleChart } from './chartMaking';

function fakeLater() {
  const waiting: (() => void)[] = [];
  const later = (run: () => void) => {
    waiting.push(run);
    return () => waiting.splice(waiting.indexOf(run), 1);
  };
  return { waiting, later };
}

describe('making a chart', () => {
  it('waits for the first paint while the library has not loaded', () => {
    const { waiting, later } = fakeLater();
    let made = 0;
    const cancel = scheduleChart(() => made++, false, later);
    expect(made).toBe(0);
    expect(waiting).toHaveLength(1);
    cancel();
    expect(waiting).toHaveLength(0);
  });

  it('is made at once, waiting for no idle moment, once the library has loaded', () => {
    const { waiting, later } = fakeLater();
    let made = 0;
    scheduleChart(() => made++, true, later);
    expect(made).toBe(1);
    expect(waiting).toHaveLength(0);
  });
});
