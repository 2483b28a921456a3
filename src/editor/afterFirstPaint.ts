/**
 * Work the first screen can do without, put after it: `run` is called once the page has painted
 * a frame and then had an idle moment (at the latest `timeoutMs` after that frame), so that it
 * neither delays the frame nor competes with the page's own first work. Gives the cancel.
 */
export function afterFirstPaint(run: () => void, timeoutMs = 2000): () => void {
  let frame: number | undefined;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hasIdle = typeof requestIdleCallback === 'function';
  frame = requestAnimationFrame(() => {
    frame = undefined;
    // A frame's callback runs before its paint; a task queued from it runs after.
    timer = setTimeout(() => {
      timer = undefined;
      if (hasIdle) idle = requestIdleCallback(run, { timeout: timeoutMs });
      else run();
    }, 0);
  });
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
