/**
 * A diagram's outputs printed as formulas (formula.ts): each output over the inputs' names, an
 * output another reads printed first and then named, and with values, functions shown as their
 * values while arithmetic keeps its shape.
 */
import { describe, expect, it } from 'vitest';
import { DiagramBuilder } from '../../core/builder';
import { real } from '../../core/wire';
import { formulas, printWire } from './formula';

/** Momentum's put: s⁺ = γ·s + p′ and p⁺ = p + s⁺, its outputs given as (p⁺, s⁺). */
function momentum() {
  const b = new DiagramBuilder();
  const t = real([], false);
  const [p, s, γ, dp] = b.inputs([t, t, t, t]);
  const s1 = b.op('add', [b.op('multiply', [γ, s]), dp]);
  const p1 = b.op('add', [p, s1]);
  b.outputs([p1, s1]);
  return { d: b.build(), wires: { p, s, γ, dp, s1, p1 } };
}

const names = ['p', 's', 'γ', 'p′'];

describe('formulas', () => {
  it('print an output another reads first, then refer to it by its name', () => {
    const { d } = momentum();
    expect(formulas(d, { names, outputNames: ['p⁺', 's⁺'] })).toEqual([
      { name: 's⁺', text: 'γ·s + p′' },
      { name: 'p⁺', text: 'p + s⁺' },
    ]);
  });

  it('keep the given order among outputs made by no box, before those a box made', () => {
    const b = new DiagramBuilder();
    const [x, y] = b.inputs([real(), real()]);
    b.outputs([b.op('negate', [x]), y, x]);
    expect(formulas(b.build(), { names: ['x', 'y'], outputNames: ['a', 'b', 'c'] })).toEqual([
      { name: 'b', text: 'y' },
      { name: 'c', text: 'x' },
      { name: 'a', text: '−x' },
    ]);
  });

  it('with values, put the numbers in place of the names, a named output by its own value', () => {
    const { d, wires } = momentum();
    const values = new Map([
      [wires.p, 0.5],
      [wires.s, 0.1],
      [wires.γ, 0.9],
      [wires.dp, -0.03],
      [wires.s1, 0.06],
      [wires.p1, 0.56],
    ]);
    const valueAt = (w: number) => values.get(w) ?? Number.NaN;
    expect(formulas(d, { names, outputNames: ['p⁺', 's⁺'], valueAt })).toEqual([
      { name: 's⁺', text: '0.90·0.10 + −0.03' },
      { name: 'p⁺', text: '0.50 + 0.06' },
    ]);
  });

  it('with values, print a function of something as its value, a negative one in brackets in a product', () => {
    const b = new DiagramBuilder();
    const [x, y] = b.inputs([real(), real()]);
    const sx = b.op('sigmoid', [x]);
    b.output(b.op('multiply', [y, sx]));
    const d = b.build();
    expect(printWire(d, { names: ['x', 'y'], outputNames: [] }, d.outputs[0])).toBe('y·σ(x)');
    const valueAt = (w: number) => (w === sx ? -0.25 : w === y ? 2 : Number.NaN);
    expect(printWire(d, { names: ['x', 'y'], outputNames: [], valueAt }, d.outputs[0])).toBe('2.00·(−0.25)');
    const atZero = (w: number) => (w === sx ? 0 : w === y ? 2 : Number.NaN);
    expect(
      printWire(d, { names: ['x', 'y'], outputNames: [], valueAt: atZero }, d.outputs[0]),
      'no sign: no brackets',
    ).toBe('2.00·0');
  });

  it('name an input without a name by its wire, and print a wire read twice the same both times', () => {
    const b = new DiagramBuilder();
    const [x, y] = b.inputs([real(), real()]);
    const e = b.op('exp', [x]);
    b.output(b.op('add', [e, b.op('multiply', [e, y])]));
    const d = b.build();
    expect(printWire(d, { names: ['x'], outputNames: [] }, d.outputs[0])).toBe(`exp(x) + exp(x)·w${y}`);
  });
});
