import { describe, expect, it } from 'vitest';
import { nextTask } from './nextTask';

describe('nextTask', () => {
  it('yields to the event loop: a timer fires while a loop keeps yielding', async () => {
    let fired = false;
    setTimeout(() => {
      fired = true;
    }, 20);
    let yields = 0;
    while (!fired && yields < 1e6) {
      await nextTask();
      yields++;
    }
    expect(fired).toBe(true);
    expect(yields).toBeGreaterThan(1);
  });
});
