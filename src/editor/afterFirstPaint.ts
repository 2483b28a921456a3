/**
 * Work the first screen can do without, put after it: `run` is called once the canvas has shown
 * the diagram the page opened with (canvasShown.ts; at the latest `CANVAS_WAIT_MS` after the call,
 * for a page or test with no canvas), then the page has painted a frame and had an idle moment
 * (at the latest `timeoutMs` after that frame), so that it neither delays the canvas nor competes
 * with the page's own first work (docs/architecture.md, "The first screen"). Gives the cancel.
 */
import { whenCanvasShown } from './canvasShown';

export const CANVAS_WAIT_MS = 3000;

export function afterFirstPaint(
  run: () => void,
  timeoutMs = 2000,
  canvasShown: (then: () => void) => () => void = whenCanvasShown,
): () => void {
  let frame: number | undefined;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  const hasIdle = typeof requestIdleCallback === 'function';
  const start = () => {
    if (started) return;
    started = true;
    clearTimeout(cap);
    stopWaiting();
    frame = requestAnimationFrame(() => {
      frame = undefined;
      // A frame's callback runs before its paint; a task queued from it runs after.
      timer = setTimeout(() => {
        timer = undefined;
        if (hasIdle) idle = requestIdleCallback(run, { timeout: timeoutMs });
        else run();
      }, 0);
    });
  };
  const cap: ReturnType<typeof setTimeout> | undefined = setTimeout(start, CANVAS_WAIT_MS);
  let stopWaiting = () => {};
  stopWaiting = canvasShown(start);
  return () => {
    started = true;
    clearTimeout(cap);
    stopWaiting();
    if (frame !== undefined) cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
