/**
 * What the canvas shows at one frame of the timeline: the boxes at work, and on every wire the
 * latest thing the step has put on it so far — its value, or once the backward pass has come
 * back along it, its change — at the followed example, read off the trace.
 */
import type { AnimationMarks, MarkPass, WireMark } from '../../editor/canvas/animationMarks';
import { type Reading, readBuffer, shapeText, summaryText, valuesText } from './readings';
import type { TracedStep } from './stepTrace';

const CELLS = 24;

/** Up to CELLS numbers, evenly spread over the reading, scaled by its largest magnitude (or `scale`). */
export function cellsOf(values: ArrayLike<number>, scale?: number): number[] {
  const n = values.length;
  const take = Math.min(CELLS, n);
  const picked = Array.from({ length: take }, (_, i) => values[Math.floor((i * n) / take)]);
  let max = scale ?? 0;
  if (scale === undefined) for (let i = 0; i < n; i++) max = Math.max(max, Math.abs(values[i]));
  return picked.map((v) => (max > 0 ? v / max : 0));
}

/** A reading's strip: its own numbers, or the summary's preview while only part of them is here. */
function readingCells(r: Reading): number[] {
  if (!r.partial || !r.summary) return cellsOf(r.values);
  const { preview, min, max } = r.summary;
  return cellsOf(preview, Math.max(Math.abs(min), Math.abs(max)));
}

/** Wire ↦ the buffer it shows at frame `index` and whether it is a value or a change. */
export function shownAt(t: TracedStep, index: number): Map<string, { buffer: number; pass: MarkPass; lit: boolean }> {
  const frames = t.timeline.frames;
  const at = Math.min(Math.max(0, index), frames.length - 1);
  const shown = new Map<string, { buffer: number; pass: MarkPass; lit: boolean }>();
  for (let i = 0; i <= at; i++) {
    const f = frames[i];
    const pass: MarkPass = f.kind === 'backward' ? 'backward' : 'forward';
    for (const [w, buffer] of Object.entries(f.shows)) shown.set(w, { buffer, pass, lit: i === at });
  }
  return shown;
}

export function marksAt(t: TracedStep, index: number, example: number): Omit<AnimationMarks, 'pinned'> {
  const frame = t.timeline.frames[Math.min(Math.max(0, index), t.timeline.frames.length - 1)];
  const pass: MarkPass = frame.kind === 'backward' ? 'backward' : 'forward';
  const boxes: Record<string, MarkPass> = {};
  for (const b of frame.boxes) boxes[b] = pass;
  const wires: Record<string, WireMark> = {};
  for (const [w, s] of shownAt(t, index)) {
    const r = readBuffer(t.learner.stepProgram, t.buffers, s.buffer, example);
    if (!r) continue;
    wires[w] = {
      pass: s.pass,
      lit: s.lit,
      shape: shapeText(r.shape),
      // only part of a summarised buffer is here: what it says of the whole is worth more than its first numbers
      text: r.partial && r.summary ? summaryText(r.summary) : valuesText(r.values, 2, r.count),
      cells: readingCells(r),
      ...(r.summary ? { summary: summaryText(r.summary) } : {}),
    };
  }
  return { boxes, wires };
}

/** The pinned wire: its value and its change (once the backward pass has made it) at the example. */
export function wireReadings(t: TracedStep, wire: string, index: number, example: number) {
  const sm = t.learner.sourceMap;
  const prog = t.learner.stepProgram;
  const frames = t.timeline.frames;
  let valueAt = -1;
  let changeAt = -1;
  let change = -1;
  frames.forEach((f, i) => {
    if (!(wire in f.shows)) return;
    if (f.kind !== 'backward' && valueAt < 0) valueAt = i;
    if (f.kind === 'backward' && changeAt < 0) {
      changeAt = i;
      change = f.shows[wire];
    }
  });
  const value = readBuffer(prog, t.buffers, sm.wires[wire]?.value ?? -1, example);
  return {
    value: valueAt >= 0 && valueAt <= index ? value : null,
    change: changeAt >= 0 && changeAt <= index ? readBuffer(prog, t.buffers, change, example) : null,
    /** Frame indices where the value and the change are made (−1: never). */
    valueAt,
    changeAt,
  };
}
