/**
 * The symmetric monoidal laws, numerically on random diagrams (identity, associativity,
 * interchange), and the printed terms of constructed diagrams.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { randomDiagram, randomDom } from '../testing/arbitrary';
import { sameOn } from '../testing/laws';
import { randomInputs } from '../testing/numeric';
import { fcSeed } from '../testing/seed';
import { andThen, box, cod, copy, discard, dom, id, swap, tensor, thenAll } from './compose';
import { mulberry32 } from './init';
import { explicitCopies } from './normalise';
import { printTerm } from './term';
import { param, real } from './wire';

const seed = fcSeed();
const runs = { seed, numRuns: 60 };
const arbSeed = fc.integer({ min: 0, max: 2 ** 31 - 1 });

describe('laws on random diagrams', () => {
  test('identity: id ; f = f = f ; id', () => {
    fc.assert(
      fc.property(arbSeed, (s) => {
        const rng = mulberry32(s);
        const f = randomDiagram(rng, randomDom(rng));
        const xs = randomInputs(rng, f);
        return sameOn(andThen(id(dom(f)), f), f, xs) && sameOn(andThen(f, id(cod(f))), f, xs);
      }),
      runs,
    );
  });

  test('associativity: (f ; g) ; h = f ; (g ; h)', () => {
    fc.assert(
      fc.property(arbSeed, (s) => {
        const rng = mulberry32(s);
        const f = randomDiagram(rng, randomDom(rng));
        const g = randomDiagram(rng, cod(f));
        const h = randomDiagram(rng, cod(g));
        return sameOn(andThen(andThen(f, g), h), andThen(f, andThen(g, h)), randomInputs(rng, f));
      }),
      runs,
    );
  });

  test('interchange: (f ⊗ g) ; (h ⊗ k) = (f ; h) ⊗ (g ; k)', () => {
    fc.assert(
      fc.property(arbSeed, (s) => {
        const rng = mulberry32(s);
        const [f, g] = [randomDiagram(rng, randomDom(rng)), randomDiagram(rng, randomDom(rng))];
        const [h, k] = [randomDiagram(rng, cod(f)), randomDiagram(rng, cod(g))];
        const lhs = andThen(tensor(f, g), tensor(h, k));
        return sameOn(lhs, tensor(andThen(f, h), andThen(g, k)), randomInputs(rng, lhs));
      }),
      runs,
    );
  });

  test('explicitCopies keeps the meaning and leaves no fan-out', () => {
    fc.assert(
      fc.property(arbSeed, (s) => {
        const rng = mulberry32(s);
        const f = randomDiagram(rng, randomDom(rng));
        const e = explicitCopies(f);
        const reads = new Map<number, number>();
        for (const w of [...e.boxes.flatMap((b) => b.inputs), ...e.outputs]) reads.set(w, (reads.get(w) ?? 0) + 1);
        const produced = [...e.inputs, ...e.boxes.flatMap((b) => b.outputs)];
        return produced.every((w) => reads.get(w) === 1) && sameOn(e, f, randomInputs(rng, f));
      }),
      runs,
    );
  });
});

describe('terms', () => {
  const x4 = real([4]);
  const lin = box('linear', [param([4, 3]), x4], { in: 4, out: 3 });

  test('parentheses only where ; meets ⊗', () => {
    expect(printTerm(andThen(tensor(lin, id([x4])), tensor(box('sigmoid', [real([3])]), id([x4]))))).toBe(
      '(linear[4→3] ⊗ id) ; (sigmoid ⊗ id)',
    );
    expect(printTerm(thenAll(copy(x4), swap(x4, x4), box('add', [x4, x4])))).toBe('Δ ; σ ; +');
    expect(printTerm(tensor(tensor(discard(x4), copy(x4, 3)), id([x4])))).toBe('! ⊗ Δ[3] ⊗ id');
    expect(printTerm(tensor(andThen(copy(x4), box('add', [x4, x4])), id([x4])))).toBe('(Δ ; +) ⊗ id');
  });

  test('a box’s label lists the config values that differ from their defaults', () => {
    expect(printTerm(box('gelu', [x4]))).toBe('gelu');
    expect(printTerm(box('gelu', [x4], { approximate: 'tanh' }))).toBe('gelu[tanh]');
    expect(printTerm(box('scale', [x4], { c: 2.5 }))).toBe('scale[2.5]');
    expect(printTerm(box('sumFeatures', [real([2, 3])], { axis: 1 }))).toBe('sumFeatures[1]');
    expect(printTerm(box('reshape', [real([2, 3])], { shape: [3, 2] }))).toBe('reshape[3×2]');
    expect(printTerm(box('softmax', [real([2, 2])], { causal: true }))).toBe('softmax[masked]');
  });

  test('composition is deterministic: the same construction gives the same data', () => {
    const make = () => andThen(tensor(lin, id([x4])), tensor(box('sigmoid', [real([3])]), discard(x4)));
    expect(JSON.stringify(make())).toBe(JSON.stringify(make()));
  });

  test('a diagram drawn box by box prints as layers', () => {
    const { term: _t, ...drawn } = andThen(copy(x4), tensor(box('sigmoid', [x4]), box('tanh', [x4])));
    expect(printTerm(drawn)).toBe('Δ ; (sigmoid ⊗ tanh)');
  });
});
