/**
 * Para: composition collects parameters (P ⊗ Q), is associative up to the order of parameters,
 * tying shares one parameter; initialisers are deterministic in their seed with the right spread.
 */
import { describe, expect, test } from 'vitest';
import { agree, sameOn } from '../testing/laws';
import { evaluate, randomInputs } from '../testing/numeric';
import { box } from './compose';
import { fans, type Initialiser, initialise, mulberry32, normals } from './init';
import { dataTypes, initParams, lift, para, paraTensor, paraThen, tieParams } from './para';
import { param, real } from './wire';

const dense = (n: number, m: number) =>
  para(box('linear', [param([n, m]), real([n])], { in: n, out: m }), [
    { name: `W${n}${m}`, type: param([n, m]), init: { kind: 'glorotUniform' } },
  ]);
const act = lift(box('tanh', [real([3])]));

describe('Para', () => {
  test('paraThen collects parameters P ⊗ Q before the data', () => {
    const f = paraThen(paraThen(dense(2, 3), act), dense(3, 3));
    expect(f.params.map((p) => p.name)).toEqual(['W23', 'W33']);
    expect(dataTypes(f)).toEqual([real([2])]);
  });

  test('composition is associative', () => {
    const [a, b, c] = [dense(2, 3), act, dense(3, 3)];
    const lhs = paraThen(paraThen(a, b), c);
    const rhs = paraThen(a, paraThen(b, c));
    expect(sameOn(lhs.diagram, rhs.diagram, randomInputs(mulberry32(1), lhs.diagram))).toBe(true);
  });

  test('paraTensor puts parameters first, then both data inputs, and computes f ⊗ g', () => {
    const [f, g] = [dense(2, 3), dense(3, 3)];
    const t = paraTensor(f, g);
    expect(t.params.length).toBe(2);
    expect(dataTypes(t)).toEqual([real([2]), real([3])]);
    const [p, q, a, c] = randomInputs(mulberry32(3), t.diagram);
    expect(
      agree(evaluate(t.diagram, [p, q, a, c]), [...evaluate(f.diagram, [p, a]), ...evaluate(g.diagram, [q, c])]),
    ).toBe(true);
  });

  test('tying: two layers read one weight', () => {
    const twice = paraThen(dense(3, 3), dense(3, 3));
    const tied = tieParams(twice, [twice.params[0]], [0, 0]);
    expect(tied.params.length).toBe(1);
    const [w, x] = randomInputs(mulberry32(2), tied.diagram);
    expect(agree(evaluate(tied.diagram, [w, x]), evaluate(twice.diagram, [w, w, x]))).toBe(true);
  });

  test('para checks the declared parameters against the inputs', () => {
    expect(() => para(box('tanh', [real([3])]), [{ name: 'p', type: param([3]), init: { kind: 'zeros' } }])).toThrow(
      /the parameters do not match the first inputs/,
    );
  });

  test('paraThen refuses data of another type than the next layer reads, naming both types and every box', () => {
    expect(() => paraThen(dense(2, 3), dense(2, 3))).toThrow(
      'cannot compose ℝ^3 with ℝ^2: the codomain of the left does not match the domain of the right (boxes: linear#0, linear#1)',
    );
  });
});

describe('initialisers', () => {
  const moments = (xs: Float32Array) => {
    const mean = xs.reduce((s, v) => s + v, 0) / xs.length;
    return [mean, Math.sqrt(xs.reduce((s, v) => s + (v - mean) ** 2, 0) / xs.length)];
  };

  test('deterministic in the seed', () => {
    const init: Initialiser = { kind: 'normal', sigma: 0.01 };
    expect(initialise(init, [4, 3], 42)).toEqual(initialise(init, [4, 3], 42));
    expect(initialise(init, [4, 3], 42)).not.toEqual(initialise(init, [4, 3], 43));
    expect(initParams(dense(2, 3), 5)).toEqual(initParams(dense(2, 3), 5));
  });

  test('initParams gives every parameter its shape and its own stream', () => {
    const twin = paraThen(dense(3, 3), dense(3, 3));
    const [w1, w2] = initParams(twin, 7);
    expect([w1.length, w2.length]).toEqual([9, 9]);
    expect(Array.from(w1)).not.toEqual(Array.from(w2));
    expect(Array.from(initParams(twin, 8)[0])).not.toEqual(Array.from(w1));
  });

  test('a seed gives the same weights in every version: a saved seed must not drift', () => {
    // mulberry32's first draws, and the uniform weights of two parameters at seed 7.
    const rng = mulberry32(7);
    expect([rng(), rng(), rng()]).toEqual([0.011704753153026104, 0.06195825757458806, 0.97690763277933]);
    const unit = (n: number) =>
      para(box('linear', [param([n, n]), real([n])], { in: n, out: n }), [
        { name: 'W', type: param([n, n]), init: { kind: 'uniform', low: 0, high: 1 } },
      ]);
    const [a, b] = initParams(paraThen(unit(2), unit(2)), 7).map((w) => Array.from(w));
    expect(a).toEqual([0.18967728316783905, 0.31778764724731445, 0.7830808162689209, 0.5346624851226807]);
    expect(b).toEqual([0.45492786169052124, 0.08976781368255615, 0.8040059208869934, 0.7610144019126892]);
  });

  test('each has its spread', () => {
    expect(Array.from(initialise({ kind: 'zeros' }, [3], 1))).toEqual([0, 0, 0]);
    expect(Array.from(initialise({ kind: 'constant', value: 0.5 }, [2], 1))).toEqual([0.5, 0.5]);
    const [m, sd] = moments(initialise({ kind: 'normal', sigma: 2, mean: 1 }, [200, 100], 3));
    expect(Math.abs(m - 1)).toBeLessThan(0.05);
    expect(Math.abs(sd - 2)).toBeLessThan(0.05);
    const u = initialise({ kind: 'uniform', low: -1, high: 3 }, [1000], 4);
    expect(Math.min(...u)).toBeGreaterThanOrEqual(-1);
    expect(Math.max(...u)).toBeLessThan(3);
    const limit = Math.sqrt(6 / (100 + 50));
    expect(Math.max(...initialise({ kind: 'glorotUniform' }, [100, 50], 5).map(Math.abs))).toBeLessThanOrEqual(limit);
    expect(Math.abs(moments(initialise({ kind: 'he' }, [200, 100], 6))[1] - Math.sqrt(2 / 200))).toBeLessThan(0.005);
    expect(fans([3, 3, 2, 8])).toEqual([18, 72]);
    // A scalar or a vector parameter (a bias, a learnt scale) counts as its own fan in and out.
    expect(fans([])).toEqual([1, 1]);
    expect(fans([5])).toEqual([5, 5]);
    const g = normals(mulberry32(9));
    expect(Number.isFinite(g())).toBe(true);
  });
});
