/**
 * The timeline of a traced step: boxes in forward schedule order, then in reverse; each frame
 * lights the wires whose value or change its own steps made; at a copy the changes that arrive
 * are summed in the trace; at an add the change is passed on; captions carry the trace's numbers.
 */
import { describe, expect, it } from 'vitest';
import { examples, loadExample } from '../../io/examples/index';
import { exampleOf, explainRule, ruleCaption } from '../../learn/explain/index';
import { printNumber } from '../../learn/explain/notation';
import { sumText } from '../../learn/explain/sums';
import { residualXor, traceOf } from '../../testing/animationTrace';
import { learnerOf } from '../../testing/sourceMapChecks';
import { frameCaption, paramUpdates } from './captions';
import { marksAt } from './marks';
import { fullData, readBuffer, traceFits } from './readings';
import { learnerFor, traceOn } from './stepTrace';
import { buildTimeline, type Frame } from './timeline';

const modelBoxes = (frames: readonly Frame[], kind: 'forward' | 'backward') =>
  frames.filter((f) => f.kind === kind && f.part === 'model').map((f) => f.box);

describe('the XOR step', () => {
  const c = learnerOf(loadExample('xor'));
  const { learner } = c;
  const { frames, backwardFrom } = buildTimeline(learner);

  it('visits the boxes in forward schedule order, then in reverse (mutant: backward in forward order)', () => {
    expect(frames[0].kind).toBe('inputs');
    expect(frames.map((f) => `${f.kind}:${f.box}`)).toEqual([
      'inputs:training settings',
      'forward:lin1',
      'forward:bias1',
      'forward:tanh1',
      'forward:lin2',
      'forward:bias2',
      'forward:loss',
      'backward:alpha',
      'backward:loss',
      'backward:bias2',
      'backward:lin2',
      'backward:tanh1',
      'backward:bias1',
      'backward:lin1',
      'backward:opt',
    ]);
    expect(backwardFrom).toBe(7);
    expect(modelBoxes(frames, 'backward')).toEqual([...modelBoxes(frames, 'forward')].reverse());
  });

  it('starts from the data, the label and the parameters', () => {
    expect([...frames[0].wires].sort()).toEqual(['w1', 'w12', 'w2', 'w4', 'w7', 'w9']);
    expect([...frames[0].boxes].sort()).toEqual(['W1', 'W2', 'b1', 'b2', 'x', 'y']);
  });

  it('lights on each frame the wires its own steps made (mutant: a wire lit before its value exists)', () => {
    const p = learner.stepProgram;
    const sm = learner.sourceMap;
    for (const f of frames.slice(1)) {
      const made = new Set(f.steps.flatMap((k) => p.steps[k].outputs));
      // a rule that passes the change on (bias's x′ = d) shows the change that reached the box
      const d = learner.model.diagram;
      if (f.kind === 'backward' && f.modelBox !== undefined)
        for (const w of d.boxes[f.modelBox].outputs) made.add(sm.model.change[w]);
      for (const w of f.wires) {
        const b = f.shows[w];
        if (f.kind === 'forward') expect(b, `${f.box} lights ${w}`).toBe(sm.wires[w].value);
        if (f.part !== 'optimiser') expect(made.has(b), `${f.kind} ${f.box} lights ${w} with buffer ${b}`).toBe(true);
      }
    }
    const lit = (kind: string) => new Set(frames.filter((f) => f.kind === kind).flatMap((f) => f.wires));
    // every live wire shows its value; every wire with a change shows it on the way back
    for (const [w, at] of Object.entries(sm.wires)) {
      if (at.value >= 0) expect(lit('forward').has(w) || frames[0].wires.includes(w), `value of ${w}`).toBe(true);
      if (at.changes.length) expect(lit('backward').has(w), `change of ${w}`).toBe(true);
    }
    const back = frames.filter((f) => f.kind === 'backward').map((f) => [f.box, [...f.wires].sort().join(',')]);
    expect(back).toEqual([
      ['alpha', 'w13'],
      ['loss', 'w11'],
      ['bias2', 'w8,w9'],
      ['lin2', 'w6,w7'],
      ['tanh1', 'w5'],
      ['bias1', 'w3,w4'],
      ['lin1', 'w2'],
      ['opt', 'w2,w4,w7,w9'],
    ]);
  });

  it('captions each rule with the trace’s numbers at the followed example (mutant: example 0 always)', () => {
    const { trace, run } = traceOf(c, 7);
    const t = traceOn(learner, c.doc, 1, trace);
    const tanh = t.timeline.frames.find((f) => f.kind === 'backward' && f.box === 'tanh1') as Frame;
    const m = tanh.modelBox as number;
    const box = learner.model.diagram.boxes[m];
    const types = box.inputs.map((w) => learner.model.diagram.wires[w]);
    for (const e of [0, 2]) {
      const cap = frameCaption(learner, tanh, t.buffers, e);
      expect(cap.rule.startsWith('R[tanh](x, d) = d − d·tanh(x)²')).toBe(true);
      const data = t.buffers.map(fullData);
      expect(cap.rule).toBe(ruleCaption(explainRule('tanh', {}, types), exampleOf(learner, m, data, e)));
      // the change it shows is the trace's: tanh1's input change at example e
      const w5 = readBuffer(learner.stepProgram, t.buffers, tanh.shows.w5, e);
      expect(w5?.values[0]).toBeCloseTo(run[tanh.shows.w5][e * 8], 6);
      expect(cap.rule).toContain(printNumber(w5?.values[0] as number));
    }
    const fwd = frameCaption(learner, t.timeline.frames[3], t.buffers, 1, (b) => `the ${b} box`);
    expect(fwd.title).toBe('Forward · the tanh1 box');
    expect(fwd.rule).toBe('y = tanh(x)');
    expect(fwd.numbers?.startsWith(`y = [${printNumber(run[21][8])}, `)).toBe(true);
  });

  it('shows what the optimiser made of each parameter (mutant: state of another parameter)', () => {
    const { trace, run } = traceOf(c, 3);
    const t = traceOn(learner, c.doc, 1, trace);
    const ups = paramUpdates(learner, t.buffers);
    expect(ups.map((u) => u.param).sort()).toEqual(['W1.W', 'W2.W', 'b1.W', 'b2.W']);
    const sm = learner.sourceMap;
    for (const u of ups) {
      const update = sm.buffers.findIndex((rs) => rs.some((r) => r.kind === 'update' && r.param === u.param));
      expect(u.next).toBeCloseTo(run[update][0], 5);
      expect(u.caption).toContain(`p⁺ = `);
      // the new p the caption ends on is the trace's, to the precision it is shown at
      const shown = u.caption.split(' = ').pop() as string;
      const places = shown.split('.')[1]?.length ?? 0;
      expect(Math.abs(Number(shown.replace('−', '-')) - run[update][0])).toBeLessThanOrEqual(10 ** -places);
    }
    const opt = t.timeline.frames[t.timeline.frames.length - 1];
    expect(frameCaption(learner, opt, t.buffers, 0).rule.startsWith('Adam: t⁺ = t + 1; m⁺ = β₁m + (1 − β₁)p′;')).toBe(
      true,
    );
  });

  it('refuses a trace of another drawing (mutant: any trace shown on any drawing)', () => {
    const other = learnerOf(loadExample('iris-simple'));
    const { trace } = traceOf(other, 1);
    expect(traceFits(learner.stepProgram, trace.buffers)).toBe(false);
    expect(() => traceOn(learner, c.doc, 1, trace)).toThrow(/does not fit/);
    expect(traceFits(learner.stepProgram, traceOf(c, 1).trace.buffers)).toBe(true);
  });

  it('is assembled on the page as the trainer assembles it', () => {
    const page = learnerFor(loadExample('xor'));
    expect(page.stepProgram.nBuffers).toBe(learner.stepProgram.nBuffers);
    expect(page.optimiser.kind).toBe('adam');
  });
});

describe('a copied wire and an add', () => {
  const c = learnerOf(residualXor());
  const { learner } = c;
  const { frames } = buildTimeline(learner);

  it('sums the two changes at the copy, in the trace (mutant: one of the changes taken for the sum)', () => {
    const copy = frames.find((f) => f.sum) as Frame;
    expect(copy.kind).toBe('backward');
    expect(copy.box).toBe('bias1');
    expect([...(copy.sum?.wires ?? [])].sort()).toEqual(['r1', 'w5']);
    const { trace } = traceOf(c, 5);
    const sum = copy.sum as NonNullable<Frame['sum']>;
    expect(sum.parts).toHaveLength(2);
    const data = (b: number) => trace.buffers[b]?.data as Float32Array;
    data(sum.buffer).forEach((v, i) => {
      expect(v).toBeCloseTo(data(sum.parts[0])[i] + data(sum.parts[1])[i], 5);
    });
    const cap = frameCaption(learner, copy, trace.buffers, 1);
    expect(cap.rule.startsWith('R[Δ](x, (d₀, d₁)) = d₀ + d₁: the two changes are summed (')).toBe(true);
    // the numbers summed are the two wires' changes at example 1, printed so that they add up
    // (at two decimals each, this trace's −0.35 + −0.39 = −0.73 did not)
    const at = (b: number) => readBuffer(learner.stepProgram, trace.buffers, b, 1)?.values[0] as number;
    expect(cap.rule).toContain(
      `(${sumText([at(sum.parts[0]), at(sum.parts[1])], at(sum.parts[0]) + at(sum.parts[1]))}).`,
    );
    expect(cap.rule).toContain('(−0.345 + −0.387 = −0.732).');
  });

  it('passes the change on at the add, a frame of its own after the box that made it', () => {
    const i = frames.findIndex((f) => f.kind === 'backward' && f.box === 'add1');
    expect(i).toBeGreaterThan(0);
    const add = frames[i];
    expect(add.steps).toEqual([]);
    expect(frames[i - 1].box).toBe('lin2');
    expect([...add.wires].sort()).toEqual(['r1', 'r2']);
    expect(add.shows.r1).toBe(frames[i - 1].shows.r3);
    const { trace } = traceOf(c, 2);
    expect(frameCaption(learner, add, trace.buffers, 0).rule).toMatch(
      /^R\[add\]\(\(a, b\), d\) = \(d, d\): the change is passed to each input/,
    );
    expect(modelBoxes(frames, 'backward').filter((b) => b !== 'bias1')).toEqual(
      [...new Set(modelBoxes(frames, 'forward'))].reverse().filter((b) => b !== 'bias1'),
    );
  });
});

describe('every example', () => {
  for (const ex of examples) {
    it(`${ex.id}: forward then backward, the backward model boxes in reverse order`, () => {
      const { learner } = learnerOf(loadExample(ex.id));
      const { frames, backwardFrom } = buildTimeline(learner);
      expect(frames.slice(1, backwardFrom).every((f) => f.kind === 'forward')).toBe(true);
      expect(frames.slice(backwardFrom).every((f) => f.kind === 'backward')).toBe(true);
      const fwd = modelBoxes(frames, 'forward');
      const back = modelBoxes(frames, 'backward');
      // a box whose reverse has nothing to send back (the first layer's input is data) still updates its weight
      expect(back).toEqual(fwd.filter((b) => back.includes(b)).reverse());
      expect(back.length).toBeGreaterThan(0);
      const lastFrame = frames[frames.length - 1];
      expect(lastFrame.part).toBe('optimiser');
    });

    it(`${ex.id}: every frame has a caption and marks read off a trace`, () => {
      const c = learnerOf(loadExample(ex.id));
      const t = traceOn(c.learner, c.doc, 1, traceOf(c, 2).trace);
      t.timeline.frames.forEach((f, i) => {
        const cap = frameCaption(c.learner, f, t.buffers, 1);
        expect(cap.title.length * cap.rule.length, `frame ${i} ${f.kind} ${f.box}`).toBeGreaterThan(0);
        if (f.kind === 'backward' && f.part === 'model') expect(cap.rule.startsWith('R['), cap.rule).toBe(true);
        const m = marksAt(t, i, 1);
        for (const w of f.wires) expect(m.wires[w]?.lit, `frame ${i} lights ${w}`).toBe(true);
      });
    });
  }
});
