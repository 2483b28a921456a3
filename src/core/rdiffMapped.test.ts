/**
 * rdiffMapped and inlineMapped say where things went, and change nothing else. The change map
 * is checked by its meaning: the change it names for a wire w of f is what R gives for w when
 * f is cut at w (w's readers then read a new input, whose change R returns as an output).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { randomDiagram, randomDom } from '../testing/arbitrary';
import { agree } from '../testing/laws';
import { evaluate, randomInputs, randomValue } from '../testing/numeric';
import { fcSeed } from '../testing/seed';
import { DiagramBuilder } from './builder';
import { cod } from './compose';
import type { Diagram } from './diagram';
import { mulberry32 } from './init';
import { rdiff, rdiffMapped } from './rdiff';

const seed = fcSeed();
const arbSeed = fc.integer({ min: 0, max: 2 ** 31 - 1 });

/** f with the readers of wire w (and an output at w) reading a new, last input instead. */
function cutAt(f: Diagram, w: number): Diagram {
  const fresh = f.wires.length;
  const swap = (v: number) => (v === w ? fresh : v);
  return {
    wires: [...f.wires, f.wires[w]],
    boxes: f.boxes.map((b) => ({ ...b, inputs: b.inputs.map(swap) })),
    inputs: [...f.inputs, fresh],
    outputs: f.outputs.map(swap),
  };
}

/** d with its outputs replaced (a hand-written view: packed on first use). */
const reading = (d: Diagram, outputs: number[]): Diagram => ({
  wires: d.wires,
  boxes: d.boxes,
  inputs: d.inputs,
  outputs,
});

describe('rdiffMapped', () => {
  test('makes the diagram rdiff makes (the mutant: recording that moves a wire or box)', () => {
    fc.assert(
      fc.property(arbSeed, (s) => {
        const rng = mulberry32(s);
        const f = randomDiagram(rng, randomDom(rng));
        for (const keepForward of [false, true]) {
          const mapped = rdiffMapped(f, { keepForward });
          expect(JSON.stringify(mapped.diagram)).toBe(JSON.stringify(rdiff(f, { keepForward })));
        }
      }),
      { seed, numRuns: 60 },
    );
  });

  test('names the forward copy of each wire and each box of R by the box of f it comes from', () => {
    fc.assert(
      fc.property(arbSeed, (s) => {
        const rng = mulberry32(s);
        const f = randomDiagram(rng, randomDom(rng));
        const { diagram: r, map } = rdiffMapped(f, { keepForward: true });
        // the lens outputs y… first: the forward copy of f's outputs (mutant: value map off by one)
        expect(f.outputs.map((w) => map.value[w])).toEqual(r.outputs.slice(0, f.outputs.length));
        expect(f.wires.map((_, w) => r.wires[map.value[w]])).toEqual(f.wires);
        // f's boxes have no source, so rdiff names each by its index (mutant: box map shifted)
        expect(map.box).toHaveLength(r.boxes.length);
        r.boxes.forEach((b, k) => {
          expect(b.source).toBe(map.box[k] >= 0 ? String(map.box[k]) : undefined);
          if (b.pass === 'forward') expect(b.gen).toBe(f.boxes[map.box[k]].gen);
        });
      }),
      { seed, numRuns: 60 },
    );
  });

  test('a diagram drawn out of order: the diagram rdiff makes, and each box of R named by the box of f it comes from', () => {
    fc.assert(
      fc.property(arbSeed, (s) => {
        const rng = mulberry32(s);
        const f = randomDiagram(rng, randomDom(rng));
        if (f.boxes.length < 2) return;
        // boxes in reverse order: rdiff goes in Kahn's order, and the map must follow it
        const shuffled: Diagram = { ...structuredClone(f), boxes: [...f.boxes].reverse() };
        const { diagram: r, map } = rdiffMapped(shuffled, { keepForward: true });
        expect(JSON.stringify(r)).toBe(JSON.stringify(rdiff(shuffled, { keepForward: true })));
        expect(shuffled.outputs.map((w) => map.value[w])).toEqual(r.outputs.slice(0, f.outputs.length));
        expect(map.box).toHaveLength(r.boxes.length);
        r.boxes.forEach((b, k) => {
          expect(b.source).toBe(map.box[k] >= 0 ? String(map.box[k]) : undefined);
          if (b.pass === 'forward') expect(b.gen).toBe(shuffled.boxes[map.box[k]].gen);
        });
        expect(shuffled.inputs.map((w) => map.change[w])).toEqual(r.outputs.slice(f.outputs.length));
      }),
      { seed, numRuns: 60 },
    );
  });

  test('the change of a wire is what R gives for it when f is cut there (mutant: a wire mapped to a neighbour)', () => {
    fc.assert(
      fc.property(arbSeed, (s) => {
        const rng = mulberry32(s);
        const f = randomDiagram(rng, randomDom(rng));
        const x = randomInputs(rng, f);
        const dy = cod(f).map((t) => randomValue(rng, t));
        const { diagram: r, map } = rdiffMapped(f);
        // the inputs' changes are R's outputs, in order
        expect(f.inputs.map((w) => map.change[w])).toEqual(r.outputs);
        const w = Math.floor(rng() * f.wires.length);
        if (map.change[w] < 0) return;
        const [mine] = evaluate(reading(r, [map.change[w]]), [...x, ...dy]);
        const [atW] = evaluate(reading(f, [w]), x);
        const cut = rdiff(cutAt(f, w));
        const theirs = evaluate(cut, [...x, atW, ...dy]);
        expect(agree([mine], [theirs[theirs.length - 1]], 1e-9)).toBe(true);
      }),
      { seed, numRuns: 80 },
    );
  });
});

describe('inlineMapped', () => {
  test('puts each wire and box of the inlined diagram where inline puts it', () => {
    fc.assert(
      fc.property(arbSeed, (s) => {
        const rng = mulberry32(s);
        const f = randomDiagram(rng, randomDom(rng));
        const b = new DiagramBuilder();
        const before = b.inputs(f.inputs.map((w) => f.wires[w]));
        // a box before the inline, so the maps must be offsets, not identities (mutant: no offset)
        b.box('discard', [before[0]]);
        const m = b.inlineMapped(f, before, { source: 'here' });
        const d = b.build();
        expect(m.outputs).toEqual(f.outputs.map((w) => m.wires[w]));
        expect(f.inputs.map((w) => m.wires[w])).toEqual(before);
        expect(f.wires.map((_, w) => d.wires[m.wires[w]])).toEqual(f.wires);
        f.boxes.forEach((fb, i) => {
          const db = d.boxes[m.boxes[i]];
          expect(db.gen).toBe(fb.gen);
          expect(db.inputs).toEqual(fb.inputs.map((w) => m.wires[w]));
          expect(db.source).toBe('here');
        });
      }),
      { seed, numRuns: 60 },
    );
  });
});
