/**
 * Captions for people, on every example of the gallery: each frame of a traced step says whole
 * sentences (or whole formula lines), never cut off with `…`; the optimiser is written as the
 * textbook writes it, not as the diagram's exp(…)/log(…); and every sum a caption states adds
 * up as printed, digit for digit.
 */
import { describe, expect, it } from 'vitest';
import type { LensDocument } from '../../io/document';
import { examples, loadExample } from '../../io/examples/index';
import { residualXor, traceOf } from '../../testing/animationTrace';
import attentionHead from '../../testing/attentionHead.json';
import { learnerOf } from '../../testing/sourceMapChecks';
import { BATCH } from '../../testing/stepRun';
import { frameCaption } from './captions';
import { readBuffer, valuesList } from './readings';
import { traceOn } from './stepTrace';
import type { Frame } from './timeline';

const NUM = String.raw`−?\d+(?:\.\d+)?(?:e−\d+)?`;
/** `a + b (+ …) = c` of plain numbers, starting a clause (after `= `, `(` or `: `) and ending one. */
const SUM = new RegExp(String.raw`(?:^|= |\(|: )((?:${NUM} \+ )+${NUM}) = (${NUM})(?![\d.·/²^e⁰-⁹])`, 'g');

/** A shown number as digits·10^−scale, read exactly. */
function decimal(s: string): [bigint, number] {
  const [mantissa, exponent = '0'] = s.replace(/−/g, '-').split('e');
  const [whole, frac = ''] = mantissa.split('.');
  const sign = mantissa.startsWith('-') ? -1n : 1n;
  return [BigInt(whole.replace('-', '') + frac) * sign, frac.length - Number(exponent)];
}

/** Every sum the text states, with whether it adds up as shown, and its total as a number and its last place. */
function statedSums(text: string): { sum: string; addsUp: boolean; total: number; unit: number }[] {
  return [...text.matchAll(SUM)].map((m) => {
    const ds = [...m[1].split(' + '), m[2]].map(decimal);
    const scale = Math.max(...ds.map(([, k]) => k));
    const [total, ...parts] = [ds[ds.length - 1], ...ds.slice(0, -1)].map(([n, k]) => n * 10n ** BigInt(scale - k));
    const [n, k] = ds[ds.length - 1];
    return {
      sum: `${m[1]} = ${m[2]}`,
      addsUp: parts.reduce((a, b) => a + b, 0n) === total,
      total: Number(n) * 10 ** -k,
      unit: 10 ** -k,
    };
  });
}

const balanced = (s: string) => {
  let depth = 0;
  for (const c of s) {
    depth += c === '(' || c === '[' ? 1 : c === ')' || c === ']' ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth === 0;
};

/** A sentence's end, or a formula line that is whole: brackets closed, not ending on an operator. */
function isWhole(text: string): boolean {
  if (!balanced(text)) return false;
  if (/[.:?]$/.test(text)) return true;
  return text.includes('=') && !/[+−·/=,;'’(]$/.test(text) && !/\b(the|a|of|and|up|batch's)$/.test(text);
}

describe('the caption checks themselves', () => {
  it('find a sum that does not add up as shown, and a sentence cut off', () => {
    expect(statedSums('summed (8.1e−3 + 0.02 = 0.02).')).toMatchObject([
      { sum: '8.1e−3 + 0.02 = 0.02', addsUp: false },
    ]);
    expect(statedSums('x = 0.90·0.10 + −0.03 = 0.090 + −0.030 = 0.060')).toMatchObject([
      { sum: '0.090 + −0.030 = 0.060', addsUp: true, unit: 0.001 },
    ]);
    expect(statedSums('l = 0.20 + 0.71 = 0.91, one term')[0].total).toBeCloseTo(0.91, 12);
    expect(isWhole("…, for this example; the step adds up the batch's")).toBe(false);
    expect(isWhole('y = tanh(x)')).toBe(true);
    expect(valuesList([0.5, 1, 2, 3], 16)).toBe('[0.50, 1.00, 2.00 and 13 more]');
  });
});

type Compiled = ReturnType<typeof learnerOf>;

/**
 * Whether a frame's caption must state a sum: a box that adds (add, bias, a linear box with 2 to
 * 4 inputs forward or 2 to 4 outputs backward) and a loss of 2 to 4 terms, forward.
 */
function owesSum(c: Compiled, f: Frame): boolean {
  const d = c.learner.model.diagram;
  if (f.part === 'loss') {
    const n = d.wires[d.outputs[0]].shape.reduce((a, b) => a * b, 1);
    return f.kind === 'forward' && c.learner.loss.textbook.term !== undefined && n >= 2 && n <= 4;
  }
  if (f.part !== 'model' || f.modelBox === undefined || f.kind === 'inputs') return false;
  const box = d.boxes[f.modelBox];
  if (f.kind === 'forward' && (box.gen === 'add' || box.gen === 'bias')) return true;
  if (box.gen !== 'linear') return false;
  // x′ of a box the data enters is never computed (dead code): there is no sum to state
  if (f.kind === 'backward' && c.learner.sourceMap.model.change[box.inputs[1]] < 0) return false;
  const n = (box.config[f.kind === 'forward' ? 'in' : 'out'] as number) ?? 0;
  return n >= 2 && n <= 4;
}

/** The loss the frame's step computed at example e, as traced. */
function tracedLoss(c: Compiled, buffers: Parameters<typeof readBuffer>[1], e: number): number {
  const b = c.learner.sourceMap.buffers.findIndex((rs) => rs.some((r) => r.kind === 'value' && r.port?.port === 'l'));
  return readBuffer(c.learner.stepProgram, buffers, b, e)?.values[0] ?? Number.NaN;
}

/** All of a frame's caption a person reads as sentences. */
const texts = (c: ReturnType<typeof frameCaption>) => [c.rule, ...(c.numbers ? [c.numbers] : [])];

describe('every caption of every example', () => {
  const docs = [
    ...examples.map((ex) => [ex.id, loadExample(ex.id)] as const),
    ['residual XOR', residualXor()] as const,
  ];
  for (const [id, doc] of docs) {
    it(`${id}: whole sentences, the textbook's optimiser, sums that add up`, () => {
      const c = learnerOf(doc);
      const t = traceOn(c.learner, c.doc, 1, traceOf(c, 4).trace);
      // every example of the batch: more sums to hold to the law than one example states
      for (let e = 0; e < BATCH; e++)
        t.timeline.frames.forEach((f, i) => {
          for (const text of texts(frameCaption(c.learner, f, t.buffers, e))) {
            const where = `example ${e}, frame ${i} (${f.kind} ${f.box}): ${text}`;
            expect(text.length, where).toBeGreaterThan(0);
            expect(text, where).not.toContain('…');
            expect(isWhole(text), where).toBe(true);
            if (f.part === 'optimiser') expect(text, where).not.toMatch(/\b(exp|log)\(/);
            for (const s of statedSums(text)) expect(s.addsUp, `${where}: ${s.sum}`).toBe(true);
          }
          // the boxes that add say so with their numbers, through the same rounding
          const numbers = frameCaption(c.learner, f, t.buffers, e).numbers ?? '';
          const where = `example ${e}, frame ${i} (${f.kind} ${f.box}): ${numbers}`;
          if (owesSum(c, f)) expect(statedSums(numbers).length, where).toBeGreaterThan(0);
          // the loss's terms are its own: their shown total is the traced l, to its last place
          if (owesSum(c, f) && f.part === 'loss') {
            const [s] = statedSums(numbers);
            expect(Math.abs(s.total - tracedLoss(c, t.buffers, e)), where).toBeLessThanOrEqual(s.unit);
          }
        });
    });
  }
});

describe('a step through one attention head', () => {
  it('runs forward through the head, then back through it in reverse, each frame with its rule', () => {
    const c = learnerOf(attentionHead as unknown as LensDocument);
    const t = traceOn(c.learner, c.doc, 1, traceOf(c, 4).trace);
    const head = ['q', 'k', 'scores', 'attn', 'mix'];
    const order = (kind: string) =>
      t.timeline.frames.flatMap((f, i) => (f.kind === kind && head.includes(f.box) ? [{ box: f.box, i }] : []));
    const forward = order('forward');
    const backward = order('backward');
    expect(forward.map((f) => f.box).slice(2)).toEqual(['scores', 'attn', 'mix']);
    expect(backward.map((f) => f.box)).toEqual(forward.map((f) => f.box).reverse());
    expect(Math.max(...forward.map((f) => f.i))).toBeLessThan(Math.min(...backward.map((f) => f.i)));
    const attn = t.timeline.frames.find((f) => f.kind === 'backward' && f.box === 'attn');
    if (!attn) throw new Error('no backward frame of the softmax');
    expect(frameCaption(c.learner, attn, t.buffers, 0).rule).toMatch(/^R\[softmax\[masked\]\]\(x, d\) = /);
    for (const f of [...forward, ...backward]) {
      const caption = frameCaption(c.learner, t.timeline.frames[f.i], t.buffers, 0);
      for (const text of texts(caption)) expect(isWhole(text), `${f.box}: ${text}`).toBe(true);
    }
  });
});
