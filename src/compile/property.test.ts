/**
 * Random well-formed chains of elementwise and linear boxes compile; deleting any one wire
 * gives exactly one `unconnected-input` error, on exactly the port that wire fed. Seeded: set
 * FC_SEED to replay a failure (the seed is printed).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoxDoc } from '../io/document';
import { box, doc, wire } from '../testing/documents';
import { fcSeed } from '../testing/seed';
import { compileDocument } from './compile';

const seed = fcSeed();

const step = fc.oneof(
  fc.constantFrom('sigmoid', 'tanh', 'relu', 'exp', 'softplus', 'square', 'negate').map((gen) => ({ gen, config: {} })),
  fc.integer({ min: 1, max: 6 }).map((out) => ({ gen: 'linear', config: { out } })),
  fc.constant({ gen: 'bias', config: {} }),
);

const chain = fc
  .record({ width: fc.integer({ min: 1, max: 5 }), steps: fc.array(step, { minLength: 1, maxLength: 8 }) })
  .map(({ width, steps }) => {
    const boxes: BoxDoc[] = [box('in', 'input', { shape: [width] })];
    const wires = [];
    let prev = 'in.x';
    steps.forEach((s, i) => {
      const id = `b${String(i).padStart(2, '0')}`;
      boxes.push(box(id, s.gen, s.config));
      wires.push(wire(prev, `${id}.x`, `w${i}`));
      prev = `${id}.y`;
    });
    boxes.push(box('out', 'output'));
    wires.push(wire(prev, 'out.ŷ', 'wout'));
    return { document: doc(boxes, wires), steps };
  });

describe('random chains', () => {
  it(`compile, and lose exactly the port of a deleted wire (seed ${seed})`, () => {
    fc.assert(
      fc.property(chain, fc.nat(), ({ document, steps }, pick) => {
        const r = compileDocument(document);
        expect(r.errors).toEqual([]);
        expect(r.model?.diagram.boxes).toHaveLength(steps.length);
        const cut = document.wires[pick % document.wires.length];
        const broken = compileDocument({ ...document, wires: document.wires.filter((w) => w !== cut) });
        expect(broken.errors).toEqual([
          expect.objectContaining({ code: 'unconnected-input', box: cut.to.box, port: cut.to.port }),
        ]);
      }),
      { seed, numRuns: 200 },
    );
  });
});
