/**
 * Bad input: unknown ids, bad config (negative units, NaN), shapes that do not fit, ill-typed
 * composition, and inputs an engine cannot take. Each throws a typed error naming the
 * generator, the port and both types, and leaves nothing half-built.
 */
import { describe, expect, test } from 'vitest';
import { createTypedEngine } from '../engines/typed';
import { DiagramBuilder } from './builder';
import { andThen, box, id } from './compose';
import {
  CompositionError,
  ConfigError,
  DiagramError,
  EngineInputError,
  GeneratorTypeError,
  LensboardError,
  UnknownGeneratorError,
} from './errors';
import { validate } from './normalise';
import { lower } from './program';
import { param, real } from './wire';

function caught(f: () => unknown): LensboardError {
  try {
    f();
  } catch (e) {
    if (e instanceof LensboardError) return e;
    throw e;
  }
  throw new Error('expected a LensboardError');
}

describe('the builder', () => {
  test('unknown generator id', () => {
    const e = caught(() => box('sigmoidd', [real([2])]));
    expect(e).toBeInstanceOf(UnknownGeneratorError);
    expect(e.code).toBe('unknown-generator');
  });

  test('negative units and NaN are config errors naming generator, key and range', () => {
    const neg = caught(() => box('linear', [param([2, 3]), real([2])], { in: 2, out: -3 }));
    expect(neg).toBeInstanceOf(ConfigError);
    expect(neg.message).toMatch(/linear.*'out'.*-3.*1 ≤ out/);
    expect(caught(() => box('scale', [real([2])], { c: Number.NaN }))).toBeInstanceOf(ConfigError);
    expect(caught(() => box('split', [real([2])], { sizes: [2, 0] }))).toBeInstanceOf(ConfigError);
  });

  test('a shape that does not fit names the generator, the port and both types', () => {
    const e = caught(() => box('linear', [param([4, 3]), real([5])], { in: 4, out: 3 })) as GeneratorTypeError;
    expect(e).toBeInstanceOf(GeneratorTypeError);
    expect([e.generator, e.port]).toEqual(['linear', 'x']);
    expect(e.message).toContain('ℝ^4');
    expect(e.message).toContain('ℝ^5');
    const w = caught(() => box('linear', [real([4, 3]), real([4])], { in: 4, out: 3 })) as GeneratorTypeError;
    expect(w.port).toBe('W');
    expect(w.message).toContain('ℝ^{4×3}ᵖ');
    expect(caught(() => box('add', [real([2]), real([3])]))).toBeInstanceOf(GeneratorTypeError);
    expect(caught(() => box('add', [real([2])]))).toBeInstanceOf(GeneratorTypeError);
    // only an unbatched scalar broadcasts: a per-example scalar against a vector does not fit
    expect(caught(() => box('multiply', [real([]), real([3])]))).toBeInstanceOf(GeneratorTypeError);
    expect(() => box('multiply', [param([]), real([3])])).not.toThrow();
    expect(caught(() => box('xor', [real([2]), real([2])]))).toBeInstanceOf(GeneratorTypeError);
  });

  test('nothing is half-built: a failed box leaves the builder as it was', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([2]));
    const before = JSON.stringify(b.build());
    expect(() => b.box('linear', [x, x], { in: 3, out: 1 })).toThrow(GeneratorTypeError);
    expect(() => b.box('nope', [x])).toThrow(UnknownGeneratorError);
    expect(() => b.box('scale', [x], { c: Number.NaN })).toThrow(ConfigError);
    expect(JSON.stringify(b.build())).toBe(before);
    b.output(b.op('sigmoid', [x]));
    expect(() => validate(b.build())).not.toThrow();
  });

  test('nothing is half-built: inlining a broken diagram leaves the builder as it was', () => {
    const good = box('sigmoid', [real([2])]);
    const b = new DiagramBuilder();
    const x = b.input(real([2]));
    b.output(b.op('tanh', [x]));
    const before = JSON.stringify(b.build());
    const noProducer = { ...good, wires: [...good.wires, real([2])], outputs: [2] };
    expect(() => b.inline(noProducer, [x])).toThrow(DiagramError);
    const readsNothing = { ...good, boxes: [...good.boxes, { gen: 'tanh', config: {}, inputs: [5], outputs: [2] }] };
    expect(() => b.inline({ ...readsNothing, wires: [...good.wires, real([2])] }, [x])).toThrow(DiagramError);
    expect(() => b.inline(good, [x, x])).toThrow(CompositionError);
    expect(JSON.stringify(b.build())).toBe(before);
  });
});

describe('composition and validation', () => {
  test('ill-typed then names both sides and the boxes', () => {
    const f = box('sigmoid', [real([3])]);
    const e = caught(() => andThen(f, id([real([4])])));
    expect(e).toBeInstanceOf(CompositionError);
    expect(e.message).toContain('ℝ^3');
    expect(e.message).toContain('ℝ^4');
    expect(e.message).toContain('sigmoid#0');
    expect(e.name).toBe('CompositionError');
    expect(e.code).toBe('bad-composition');
    // A box with a source is named by it (the editor's box id), one without by its place.
    const named = new DiagramBuilder();
    named.output(named.op('tanh', [named.input(real([2]))], {}, { source: 'n7' }));
    expect(caught(() => andThen(named.build(), f)).message).toBe(
      'cannot compose ℝ^2 with ℝ^3: the codomain of the left does not match the domain of the right (boxes: tanh#n7, sigmoid#1)',
    );
    expect(caught(() => andThen(id([real([3])]), id([real([4])]))).message).toBe(
      'cannot compose ℝ^3 with ℝ^4: the codomain of the left does not match the domain of the right (boxes: none)',
    );
  });

  test('validate rejects a diagram whose wires disagree with its boxes', () => {
    const d = box('sigmoid', [real([3])]);
    expect(() => validate({ ...d, wires: [real([3]), real([4])] })).toThrow(DiagramError);
    expect(caught(() => validate({ ...d, wires: [real([3]), real([4])] })).code).toBe('bad-diagram');
    expect(() => validate({ ...d, boxes: [{ ...d.boxes[0], gen: 'nope' }] })).toThrow(UnknownGeneratorError);
  });
});

test('an engine names the input and the shape it expected', () => {
  const engine = createTypedEngine(lower(box('sigmoid', [real([3])])), { dtype: 'float32' });
  const e = caught(() => engine.run([{ shape: [2, 4], data: new Float32Array(8) }]));
  expect(e).toBeInstanceOf(EngineInputError);
  expect(e.code).toBe('bad-input');
  expect(e.message).toMatch(/input #0 expects ℝ\^3 .*got shape \[2,4\]/);
});
