import { afterEach, expect, test, vi } from 'vitest';
import { afterFirstPaint, CANVAS_WAIT_MS } from './afterFirstPaint';

/** The page's frame and idle callbacks, run by hand: what has been asked for, in order. */
function fakePage() {
  const frames: (() => void)[] = [];
  const idles: { run: () => void; timeout?: number }[] = [];
  vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames[id - 1] = () => {};
  });
  vi.stubGlobal('requestIdleCallback', (run: () => void, o?: { timeout?: number }) =>
    idles.push({ run, timeout: o?.timeout }),
  );
  vi.stubGlobal('cancelIdleCallback', (id: number) => {
    idles[id - 1] = { run: () => {} };
  });
  return { frames, idles };
}

/** A canvas already shown, and one the test shows by hand. */
const shownNow = (then: () => void) => {
  then();
  return () => {};
};
function canvasByHand() {
  let waiting: (() => void) | null = null;
  return {
    canvasShown: (then: () => void) => {
      waiting = then;
      return () => {
        waiting = null;
      };
    },
    show: () => waiting?.(),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

test('runs after a frame, the task after it and an idle moment, not before', () => {
  vi.useFakeTimers();
  const page = fakePage();
  const run = vi.fn();
  afterFirstPaint(run, 1500, shownNow);
  expect(page.idles).toHaveLength(0);
  page.frames[0]();
  expect(page.idles).toHaveLength(0); // the frame's callback runs before its paint
  vi.runAllTimers();
  expect(page.idles).toEqual([{ run, timeout: 1500 }]);
  expect(run).not.toHaveBeenCalled();
  page.idles[0].run();
  expect(run).toHaveBeenCalledTimes(1);
});

test('cancelled at any stage, it never runs', () => {
  vi.useFakeTimers();
  for (const stage of [0, 1, 2]) {
    const page = fakePage();
    const run = vi.fn();
    const cancel = afterFirstPaint(run, 2000, shownNow);
    if (stage >= 1) page.frames[0]();
    if (stage >= 2) vi.runAllTimers();
    cancel();
    if (stage < 1) page.frames[0]();
    vi.runAllTimers();
    for (const i of page.idles) i.run();
    expect(run, `cancelled at stage ${stage}`).not.toHaveBeenCalled();
  }
});

test('waits for the canvas to show the diagram before it asks for the frame', () => {
  vi.useFakeTimers();
  const page = fakePage();
  const canvas = canvasByHand();
  const run = vi.fn();
  afterFirstPaint(run, 1500, canvas.canvasShown);
  expect(page.frames).toHaveLength(0);
  canvas.show();
  expect(page.frames).toHaveLength(1);
  page.frames[0]();
  vi.runAllTimers();
  page.idles[0].run();
  expect(run).toHaveBeenCalledTimes(1);
  expect(page.frames).toHaveLength(1); // the cap, cleared, asks for no second frame
});

test('a canvas that never shows holds the work back at most CANVAS_WAIT_MS; cancelled while waiting, it never runs', () => {
  vi.useFakeTimers();
  const page = fakePage();
  const run = vi.fn();
  afterFirstPaint(run, 1500, canvasByHand().canvasShown);
  vi.advanceTimersByTime(CANVAS_WAIT_MS - 1);
  expect(page.frames).toHaveLength(0);
  vi.advanceTimersByTime(1);
  expect(page.frames).toHaveLength(1);

  const waiting = canvasByHand();
  const never = vi.fn();
  const cancel = afterFirstPaint(never, 1500, waiting.canvasShown);
  cancel();
  waiting.show();
  vi.runAllTimers();
  expect(page.frames).toHaveLength(1);
  expect(never).not.toHaveBeenCalled();
});
