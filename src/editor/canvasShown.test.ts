import { expect, test, vi } from 'vitest';
import { markCanvasShown, whenCanvasShown } from './canvasShown';

test('work waits for the canvas, a cancelled one never runs, and after it work runs at once', () => {
  const early = vi.fn();
  const cancelled = vi.fn();
  whenCanvasShown(early);
  whenCanvasShown(cancelled)();
  expect(early).not.toHaveBeenCalled();
  markCanvasShown();
  markCanvasShown();
  expect(early).toHaveBeenCalledTimes(1);
  expect(cancelled).not.toHaveBeenCalled();
  const late = vi.fn();
  whenCanvasShown(late);
  expect(late).toHaveBeenCalledTimes(1);
});
