/**
 * Views of the columns behind diagrams and Programs (views.ts, packed.ts): what the builder, rdiff and lower hand
 * out must read as the plain data the interfaces promise — through JSON, structuredClone,
 * spreading and deep equality — and the compiler must never make the per-box objects itself.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { randomDiagram, randomDom } from '../testing/arbitrary';
import { fcSeed } from '../testing/seed';
import { DiagramBuilder } from './builder';
import { andThen, box } from './compose';
import type { Diagram } from './diagram';
import { mulberry32 } from './init';
import { lower, lowerLens } from './program';
import { rdiff } from './rdiff';
import { topoOrder } from './topology';
import { listsMade, packedOf, packedProgramOf } from './views';
import { param, real } from './wire';

function small(): Diagram {
  const b = new DiagramBuilder();
  const x = b.input(real([3]));
  const w = b.input(param([3, 2]));
  const h = b.op('linear', [w, x], { in: 3, out: 2 }, { source: 'dense' });
  const [p, q] = b.box('copy', [h], { n: 2 });
  b.outputs([b.op('multiply', [p, b.op('sigmoid', [q])])]);
  return b.build();
}

/** The same diagram written by hand as a literal. */
const literal = (d: Diagram): Diagram => JSON.parse(JSON.stringify(d));

describe('diagram views', () => {
  test('read as plain data: keys in literal order, JSON, structuredClone, spread and equality agree', () => {
    const d = small();
    expect(Object.keys(d)).toEqual(['wires', 'boxes', 'inputs', 'outputs']);
    expect(literal(d)).toEqual(d);
    expect(structuredClone(d)).toEqual(literal(d));
    const spread = { ...d };
    expect(Object.getOwnPropertyDescriptor(spread, 'boxes')?.value).toBe(d.boxes);
    expect(d.boxes[0]).toEqual({
      gen: 'linear',
      config: { in: 3, out: 2 },
      inputs: [1, 0],
      outputs: [2],
      source: 'dense',
    });
    expect(d.boxes).toBe(d.boxes);
    expect(d.wires).toBe(d.wires);
  });

  test('a term is kept, after the lists, and a re-titled diagram shares the columns', () => {
    const d = andThen(box('sigmoid', [real([2])]), box('tanh', [real([2])]));
    expect(d.term).toBe('sigmoid ; tanh');
    expect(Object.keys(d)).toEqual(['wires', 'boxes', 'inputs', 'outputs', 'term']);
    expect(rdiff(d).term).toBe('R[sigmoid ; tanh]');
  });

  test('a hand-written diagram is packed once and compiles exactly as the view it was copied from', () => {
    const d = small();
    const plain = literal(d);
    expect(packedOf(plain)).toBe(packedOf(plain));
    expect(JSON.stringify(rdiff(plain))).toBe(JSON.stringify(rdiff(d)));
    expect(JSON.stringify(lowerLens(plain))).toBe(JSON.stringify(lowerLens(d)));
    expect(JSON.stringify(rdiff(rdiff(plain)))).toBe(JSON.stringify(rdiff(rdiff(d))));
  });

  test('rdiff names a box without a source by its index, in the forward and the backward pass', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([2]));
    b.output(b.op('tanh', [b.op('sigmoid', [x])]));
    const r = rdiff(b.build());
    const named = r.boxes.map((box) => `${box.gen}:${box.source}:${box.pass}`);
    expect(named.slice(0, 2)).toEqual(['sigmoid:0:forward', 'tanh:1:forward']);
    expect(new Set(named.slice(2).map((s) => s.split(':').slice(1).join(':')))).toEqual(
      new Set(['1:backward', '0:backward']),
    );
  });

  test('build, rdiff and lower never make the per-box objects: only a reader does', () => {
    const b = new DiagramBuilder();
    let w = b.input(real([4]));
    for (let i = 0; i < 3000; i++) w = b.op(i % 3 ? 'tanh' : 'square', [w]);
    b.output(w);
    const d = b.build();
    const r = rdiff(d);
    const p = lower(r);
    const lens = lowerLens(d);
    for (const x of [d, r, p, lens]) expect(listsMade(x)).toEqual([]);
    expect(p.steps.length).toBe(packedProgramOf(p)?.steps.count);
    expect(listsMade(p)).toEqual(['steps']);
  });
});

describe('views against plain data, on random diagrams', () => {
  test('a view and the plain literal it reads as compile to the same JSON (R, R[R], lenses, shuffled boxes)', () => {
    const json = (x: unknown) => JSON.stringify(x);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => {
        const rng = mulberry32(s);
        const d = randomDiagram(rng, randomDom(rng));
        // structuredClone, not JSON: a random scale may be −0, which JSON writes as 0
        const plain: Diagram = structuredClone(d);
        expect(plain).toEqual(d);
        expect(json(rdiff(plain))).toBe(json(rdiff(d)));
        expect(json(rdiff(rdiff(plain)))).toBe(json(rdiff(rdiff(d))));
        expect(json(lowerLens(plain))).toBe(json(lowerLens(d)));
        expect(json(lower(rdiff(plain), { outputs: [0] }))).toBe(json(lower(rdiff(d), { outputs: [0] })));
        // boxes in reverse order: rdiff and lower go in Kahn's order on the columns, and give what
        // the boxes listed in that order give (but for the index names of boxes without a source)
        const shuffled = { ...plain, boxes: [...plain.boxes].reverse() };
        const inOrder = { ...shuffled, boxes: topoOrder(shuffled).map((i) => shuffled.boxes[i]) };
        const strip = (x: unknown) => JSON.stringify(x, (k, v) => (k === 'source' ? undefined : v));
        expect(strip(lowerLens(shuffled))).toBe(strip(lowerLens(inOrder)));
        expect(strip(rdiff(shuffled))).toBe(strip(rdiff(inOrder)));
      }),
      { seed: fcSeed(), numRuns: 200 },
    );
  });
});

describe('program views', () => {
  test('read as plain data, in literal key order, with each step typed by its input buffers', () => {
    const p = lowerLens(small());
    expect(Object.keys(p)).toEqual(['nBuffers', 'bufferTypes', 'inputs', 'outputs', 'steps', 'wireBuffer']);
    const plain = JSON.parse(JSON.stringify(p));
    expect(plain).toEqual(p);
    expect(structuredClone(p)).toEqual(plain);
    expect(p.bufferTypes.length).toBe(p.nBuffers);
    for (const s of p.steps) {
      expect(s.types).toEqual(s.inputs.map((k) => p.bufferTypes[k]));
      expect(Object.keys(s)).toEqual(['gen', 'config', 'inputs', 'outputs', 'types', 'source', 'pass']);
    }
    expect(p.wireBuffer.length).toBe(rdiff(small(), { keepForward: true }).wires.length);
  });

  test('steps reading the same input types share one types list', () => {
    const b = new DiagramBuilder();
    let w = b.input(real([4]));
    for (let i = 0; i < 50; i++) w = b.op('sigmoid', [w]);
    b.output(w);
    const sigmoids = lower(b.build()).steps;
    expect(new Set(sigmoids.map((s) => s.types)).size).toBe(1);
  });
});
