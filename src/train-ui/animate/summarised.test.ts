/**
 * A large step shown from its summaries: every frame still has its marks and captions; a wire
 * of a summarised buffer shows its summary, and exactly the numbers that crossed (the example's
 * row, a weight's first numbers); what is opened later is the trace's own. A step traced on a
 * drawing since edited is not drawn on the edit.
 */
import { describe, expect, it } from 'vitest';
import { loadExample } from '../../io/examples/index';
import { sendTrace, traceValues } from '../../learn/traceSummary';
import { traceOf } from '../../testing/animationTrace';
import { learnerOf } from '../../testing/sourceMapChecks';
import { frameCaption } from './captions';
import { marksAt, wireReadings } from './marks';
import { missing, readBuffer, withValues } from './readings';
import { EDITED_SINCE, readTrace, traceOn } from './stepTrace';

describe('the MNIST MLP step, summarised', () => {
  const c = learnerOf(loadExample('mnist-mlp'));
  const { trace } = traceOf(c, 5);
  const program = c.learner.stepProgram;
  const sent = sendTrace(trace, program, 1);
  const t = traceOn(c.learner, c.doc, 4, sent);

  it('is summarised, and every frame has marks and a caption', () => {
    expect(t.summarised).toBe(true);
    t.timeline.frames.forEach((f, i) => {
      const cap = frameCaption(c.learner, f, t.buffers, 1);
      expect(cap.title.length * cap.rule.length, `frame ${i}`).toBeGreaterThan(0);
      const m = marksAt(t, i, 1);
      for (const w of f.wires) expect(m.wires[w]?.lit, `frame ${i} lights ${w}`).toBe(true);
    });
  });

  it('shows a summarised wire’s summary and only numbers that crossed (mutant: zeros shown for a weight)', () => {
    const last = t.timeline.frames.length - 1;
    const marks = marksAt(t, last, 1);
    const summarisedWires = Object.entries(marks.wires).filter(([, m]) => m.summary);
    expect(summarisedWires.length).toBeGreaterThan(0);
    for (const [w] of summarisedWires) {
      const at = c.learner.sourceMap.wires[w];
      const r = readBuffer(program, t.buffers, at.value, 1);
      if (!r) continue;
      const full = trace.buffers[at.value]?.data as Float32Array;
      const n = r.perExample ? r.count : 0;
      // what is shown is the trace's own: the row at example 1, or the first numbers of a weight
      expect(Array.from(r.values)).toEqual(Array.from(full.subarray(n, n + r.values.length)));
    }
  });

  it('opens a wire’s full values, and another example’s rows, from the worker’s trace', () => {
    const wire = Object.keys(c.learner.sourceMap.wires).find((w) => {
      const b = c.learner.sourceMap.wires[w].value;
      const x = t.buffers[b];
      return x !== null && 'summary' in x && program.bufferTypes[b].batch;
    }) as string;
    const b = c.learner.sourceMap.wires[wire].value;
    const asked = missing(program, t.buffers, [b], 2);
    expect(asked).toEqual({ open: [b], rows: true });
    const filled = { ...t, buffers: withValues(t.buffers, traceValues(trace, program, asked.open, 2)) };
    const r = wireReadings(filled, wire, t.timeline.frames.length - 1, 2).value;
    const full = trace.buffers[b]?.data as Float32Array;
    expect(r?.partial).toBe(false);
    expect(Array.from(r?.values ?? [])).toEqual(Array.from(full.subarray(2 * (r?.count ?? 0), 3 * (r?.count ?? 0))));
    expect(missing(program, filled.buffers, [b], 2)).toEqual({ open: [], rows: false });
  });
});

describe('a step of a drawing since edited', () => {
  const doc = loadExample('xor');
  const c = learnerOf(doc);
  const traced = { step: 1, trace: sendTrace(traceOf(c, 1).trace, c.learner.stepProgram, 0), document: doc };

  it('is drawn when only a box moved or was renamed', () => {
    const moved = {
      ...doc,
      boxes: doc.boxes.map((b, i) => (i === 0 ? { ...b, position: { x: 5, y: 5 }, label: 'L' } : b)),
    };
    expect(readTrace(traced, moved).step).toBe(1);
  });

  it('is refused, saying so, when a wire changed (mutant: drawn on the edit)', () => {
    const edited = { ...doc, wires: doc.wires.slice(1) };
    expect(() => readTrace(traced, edited)).toThrow(EDITED_SINCE);
  });
});
