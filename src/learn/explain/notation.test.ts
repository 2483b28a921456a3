/**
 * How a box prints inside a formula (notation.ts): the numbers a caption shows, a box's name as
 * a function, which boxes print between their operands, and the brackets binding strength
 * asks for — no more (`a − b·c`) and no fewer (`a − (b − c)`, `(−2)·x`).
 */
import { describe, expect, it } from 'vitest';
import type { Config } from '../../core/diagram';
import { getGenerator } from '../../core/generators/index';
import { real, type WireType, z2 } from '../../core/wire';
import {
  ATOM,
  applyBox,
  functionName,
  infix,
  operand,
  PREFIX,
  PRODUCT,
  type Printed,
  printNumber,
  SIGNED,
  SUM,
} from './notation';

const r = real([3]);
const b = z2([3]);
const atom = (text: string): Printed => ({ text, prec: ATOM });
const box = (id: string, config: Config, types: readonly WireType[], args: readonly Printed[], k = 0, nOut = 1) =>
  applyBox(getGenerator(id), config, types, args, k, nOut);

describe('a number in a caption', () => {
  it('has two decimals where they show it, with a true minus sign', () => {
    expect(printNumber(0)).toBe('0');
    expect(printNumber(0.5)).toBe('0.50');
    expect(printNumber(-3)).toBe('−3.00');
    expect(printNumber(1234.5678)).toBe('1234.57');
    expect(printNumber(10000.5), 'two decimals that are the number').toBe('10000.50');
  });

  it('has three figures where two decimals would hide the number', () => {
    expect(printNumber(0.125)).toBe('0.125');
    expect(printNumber(0.005)).toBe('0.005');
    expect(printNumber(0.0099)).toBe('0.0099');
    expect(printNumber(0.001), 'the least number printed so').toBe('0.001');
    expect(printNumber(-0.0012)).toBe('−0.0012');
  });

  it('is in powers of ten when very small or large and not exact in three figures', () => {
    expect(printNumber(0.0012345)).toBe('1.2e−3');
    expect(printNumber(0.0005), 'below 0.001, even when exact').toBe('5.0e−4');
    expect(printNumber(12345.678)).toBe('1.2e4');
    expect(printNumber(-1e-7)).toBe('−1.0e−7');
  });
});

describe("a box's name as a function", () => {
  it('is its symbol when that is a letter, or spells its id', () => {
    expect(functionName(getGenerator('sigmoid'), {}, [r])).toBe('σ');
    expect(functionName(getGenerator('copy'), { n: 2 }, [r])).toBe('Δ');
    expect(functionName(getGenerator('tanh'), {}, [r])).toBe('tanh');
  });

  it('is its id when its symbol is an operator, and its term label when that shows its config', () => {
    expect(functionName(getGenerator('add'), {}, [r, r])).toBe('add');
    expect(functionName(getGenerator('relu'), {}, [r])).toBe('relu');
    expect(functionName(getGenerator('reciprocal'), {}, [r]), 'a symbol ending in a letter').toBe('reciprocal');
    expect(functionName(getGenerator('softplus'), {}, [r]), 'a symbol of two letters').toBe('softplus');
    expect(functionName(getGenerator('scale'), { c: 2 }, [r])).toBe('scale[2]');
    expect(functionName(getGenerator('leakyRelu'), { alpha: 0.1 }, [r])).toBe('leakyRelu[0.1]');
  });
});

describe('boxes printed between their operands', () => {
  it('bind as a sum when they add, as a product otherwise', () => {
    expect(infix(getGenerator('add'), {}, [r, r])).toBe(SUM);
    expect(infix(getGenerator('subtract'), {}, [r, r])).toBe(SUM);
    expect(infix(getGenerator('xor'), {}, [b, b])).toBe(SUM);
    expect(infix(getGenerator('multiply'), {}, [r, r])).toBe(PRODUCT);
    expect(infix(getGenerator('and'), {}, [b, b])).toBe(PRODUCT);
  });

  it('are only two-input boxes with a one-character operator symbol', () => {
    expect(infix(getGenerator('negate'), {}, [r]), 'one input').toBeUndefined();
    expect(infix(getGenerator('sigmoid'), {}, [r]), 'a letter').toBeUndefined();
    expect(
      infix(getGenerator('linear'), { in: 3, out: 2 }, [real([3, 2], false), r]),
      'a config shown',
    ).toBeUndefined();
  });
});

describe('brackets', () => {
  it('wrap an operand only when it binds looser than its place asks', () => {
    expect(operand({ text: 'a + b', prec: SUM }, PRODUCT)).toBe('(a + b)');
    expect(operand({ text: 'a·b', prec: PRODUCT }, PRODUCT)).toBe('a·b');
    expect(operand({ text: 'a·b', prec: PRODUCT }, SUM)).toBe('a·b');
  });

  it('put the right operand of a difference in brackets, the left not', () => {
    const sum = { text: 'b − c', prec: SUM };
    expect(box('subtract', {}, [r, r], [atom('a'), sum]).text).toBe('a − (b − c)');
    expect(box('subtract', {}, [r, r], [sum, atom('a')]).text).toBe('b − c − a');
    expect(box('subtract', {}, [r, r], [atom('a'), sum]).prec).toBe(SUM);
  });

  it('print a product without spaces, and a negative number inside it in brackets', () => {
    const minusTwo = { text: '−2', prec: SIGNED };
    expect(box('multiply', {}, [r, r], [minusTwo, atom('x')]).text).toBe('(−2)·x');
    expect(box('add', {}, [r, r], [minusTwo, atom('x')]).text, 'a sum needs none').toBe('−2 + x');
    expect(box('multiply', {}, [r, r], [atom('a'), { text: 'b·c', prec: PRODUCT }]).text).toBe('a·(b·c)');
  });
});

describe('a box applied to its operands', () => {
  it('prints a constant as its value, a negative one binding as a signed number', () => {
    expect(box('constant', { value: -2, shape: [] }, [], [])).toEqual({ text: '−2', prec: SIGNED });
    expect(box('constant', { value: 0.5, shape: [] }, [], [])).toEqual({ text: '0.5', prec: ATOM });
    expect(box('zero', { shape: [] }, [], []), 'no value in its config: its term label').toEqual({
      text: '0',
      prec: ATOM,
    });
  });

  it('prints a symbol that shows where x goes around its operand', () => {
    expect(box('square', {}, [r], [{ text: 'a + b', prec: SUM }])).toEqual({ text: '(a + b)²', prec: ATOM });
    expect(box('reciprocal', {}, [r], [atom('x')])).toEqual({ text: '1/x', prec: PRODUCT });
    expect(box('reciprocal', {}, [r], [{ text: 'a·b', prec: PRODUCT }]).text).toBe('1/(a·b)');
    expect(box('exp', {}, [r], [atom('x')]).text, 'a word with an x in it is a name').toBe('exp(x)');
  });

  it('prints a scale as its constant times the operand, and a sign before it', () => {
    expect(box('scale', { c: -1.5 }, [r], [atom('d')])).toEqual({ text: '−1.5·d', prec: PRODUCT });
    expect(box('scale', { c: 2 }, [r], [{ text: 'a·b', prec: PRODUCT }]).text).toBe('2·(a·b)');
    expect(box('negate', {}, [r], [atom('d')])).toEqual({ text: '−d', prec: PREFIX });
    expect(box('negate', {}, [r], [{ text: 'a·b', prec: PRODUCT }]).text).toBe('−(a·b)');
    expect(box('not', {}, [b], [atom('d')])).toEqual({ text: '¬d', prec: PREFIX });
  });

  it('prints anything else as a call, and names the output of a box with several', () => {
    expect(box('sigmoid', {}, [r], [{ text: 'a + b', prec: SUM }])).toEqual({
      text: 'σ(a + b)',
      prec: ATOM,
      call: true,
    });
    expect(box('copy', { n: 2 }, [r], [atom('x')], 1, 2)).toEqual({ text: 'Δ(x)₁', prec: ATOM, call: true });
    expect(box('add', {}, [r, r], [atom('a'), atom('b')], 0, 2).text, 'two outputs: not infix').toBe('add(a, b)₀');
  });
});
