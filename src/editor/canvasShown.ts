/**
 * Whether the main canvas has drawn the diagram the page opened with: work the first screen can
 * do without waits for it (afterFirstPaint.ts), so that it does not run between React's first
 * render and the frame in which React Flow shows the measured boxes (docs/architecture.md,
 * "The first screen"). Set once per page, by the shell (canvas/useMarkCanvasShown.ts).
 */
let shown = false;
const waiting = new Set<() => void>();

export function markCanvasShown(): void {
  if (shown) return;
  shown = true;
  const runs = [...waiting];
  waiting.clear();
  for (const run of runs) run();
}

/** Calls `run` once the canvas is shown (at once if it is); gives the cancel. */
export function whenCanvasShown(run: () => void): () => void {
  if (shown) {
    run();
    return () => {};
  }
  waiting.add(run);
  return () => {
    waiting.delete(run);
  };
}
