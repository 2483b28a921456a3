/**
 * The transformer block the gallery and the experiment are drawn with (docs/transformer.md): as
 * a group on a [T, C] wire it type-checks to [T, C], holds the parameters its count says, and
 * its reverse derivative passes the inner-product check against central differences (float64)
 * on random widths, heads and positions; a width the heads do not divide is refused by name.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { mulberry32 } from '../core/init';
import { DOCUMENT_FORMAT, DOCUMENT_VERSION, type LensDocument } from '../io/document';
import { type BlockShape, blockParameters, DocumentDrawing, drawBlock } from '../io/examples/transformer';
import { innerProductCheck } from '../testing/checks';
import { fcSeed } from '../testing/seed';
import { compileDocument } from './compile';

const seed = fcSeed();

/** One block between a data input [T, C] and an output. */
function blockDocument(s: BlockShape): LensDocument {
  const d = new DocumentDrawing();
  d.box('x', 'input', {}, { x: 0, y: 0 });
  const { input, output } = drawBlock(d, 'block', s, { x: 200, y: 0 });
  d.box('out', 'output', {}, { x: 400, y: 0 });
  d.wire('x.x', input);
  d.wire(output, 'out.ŷ');
  return {
    format: DOCUMENT_FORMAT,
    version: DOCUMENT_VERSION,
    name: 'block',
    boxes: d.boxes,
    wires: d.wires,
    groups: d.groups,
  };
}

const compiled = (s: BlockShape) =>
  compileDocument(blockDocument(s), {
    datasetShapes: { featureShape: [s.context, s.width], labelShape: [s.context, s.width], field: 'real' },
  });

it('a block maps [T, C] to [T, C], with its parameters, and its reverse derivative is the derivative', () => {
  const shapes = fc.record({
    context: fc.integer({ min: 1, max: 4 }),
    heads: fc.integer({ min: 1, max: 3 }),
    headWidth: fc.integer({ min: 1, max: 3 }),
    mlpRatio: fc.integer({ min: 1, max: 2 }),
    values: fc.integer(),
  });
  fc.assert(
    fc.property(shapes, ({ context, heads, headWidth, mlpRatio, values }) => {
      const s = { context, heads, width: heads * headWidth, mlpRatio };
      const r = compiled(s);
      expect(r.errors).toEqual([]);
      const m = r.model;
      if (!m) throw new Error('no model');
      expect(m.outputs[0].type).toEqual({ field: 'real', shape: [context, s.width], batch: true });
      expect(m.params.reduce((n, p) => n + p.type.shape.reduce((a, b) => a * b, 1), 0)).toBe(blockParameters(s));
      // h = 1e-6: a layer norm over a width of 2 is steep where its two values nearly agree, and
      // central differences of the default step miss there by ~1e-4 (seed 1194432179)
      const check = { points: 1, directions: 2, h: 1e-6 };
      expect(innerProductCheck(m.diagram, mulberry32(values), check)).toBeLessThan(1e-5);
    }),
    { seed, numRuns: 6 },
  );
});

it('refuses a width its heads do not divide, naming both', () => {
  expect(() => blockDocument({ context: 4, width: 6, heads: 4 })).toThrow(
    'transformer block: width 6 is not a multiple of heads 4',
  );
});
