import { describe, expect, it } from 'vitest';
import { allGenerators } from '../../core';
import { param, real, z2 } from '../../core/wire';
import { learnerBoxKinds } from '../boxKinds';
import { createNotationStore } from './notationChoice';
import { descriptionIn, JARGON } from './plainDescriptions';
import { boxSizesIn, signatureWords, sizeWords, typeIn, wireWords } from './plainWords';

describe('types in plain words', () => {
  it('say what a wire carries and how many', () => {
    expect(wireWords(real([8]))).toBe('8 numbers');
    expect(wireWords(real([]))).toBe('1 number');
    expect(wireWords(real([1]))).toBe('1 number');
    expect(wireWords(real([28, 28]))).toBe('784 numbers (28×28)');
    expect(wireWords(z2([4]))).toBe('4 bits');
    expect(wireWords(param([2, 8]))).toBe('16 weights');
    expect(wireWords(param([256], 'z2'))).toBe('256 weight bits');
  });

  it('write a linear box as the issue of a class asks: inputs, outputs, weights', () => {
    expect(signatureWords([real([2])], [real([8])], [param([2, 8])])).toBe('2 inputs → 8 outputs, 16 weights');
    expect(signatureWords([real([4])], [real([3])], [param([4, 3]), param([3])])).toBe(
      '4 inputs → 3 outputs, 15 weights',
    );
    expect(signatureWords([], [real([1])])).toBe('nothing → 1 output');
    expect(signatureWords([z2([3])], [z2([8])])).toBe('3 input bits → 8 output bits');
    expect(signatureWords([z2([3]), real([2])], [real([2, 2])])).toBe('3 input bits and 2 inputs → 4 outputs (2×2)');
    expect(signatureWords([real([5])], [param([5])])).toBe('5 inputs → 5 shared outputs');
  });

  it('keep the names of sizes a palette signature stands for', () => {
    const names = new Map([
      [11, 'in'],
      [13, 'out'],
    ]);
    expect(sizeWords([11, 13], names)).toBe('in×out');
    expect(signatureWords([real([11])], [real([13])], [param([11, 13])], names)).toBe(
      'in inputs → out outputs, in×out weights',
    );
    const n = new Map([[5, 'n']]);
    expect(signatureWords([real([5]), real([5])], [real([5])], [], n)).toBe('n + n inputs → n outputs');
  });

  it('agree with the mathematical notation on every size', () => {
    for (const t of [real([3]), real([2, 5]), param([4, 3]), z2([7])]) {
      expect(typeIn('mathematical', t)).toMatch(/^[ℝℤ]/);
      const total = t.shape.reduce((a, b) => a * b, 1);
      expect(typeIn('plain', t)).toMatch(new RegExp(`^${total} `));
    }
  });
});

describe("a box's sizes, as the inspector heads it", () => {
  it('count sizes, not wires: a 4→3 linear box has 4 inputs and 3 outputs', () => {
    const [dom, cod, params] = [[real([4])], [real([3])], [param([4, 3])]];
    expect(boxSizesIn('plain', dom, cod, params)).toBe('4 inputs, 3 outputs, 12 weights');
    expect(boxSizesIn('mathematical', dom, cod, params)).toBe('ℝ^4 → ℝ^3, P = ℝ^{4×3}ᵖ');
    expect(boxSizesIn('plain', [real([1]), real([1])], [real([])], [])).toBe('1 + 1 inputs, 1 output');
    expect(boxSizesIn('mathematical', [], [real([2])], [])).toBe('I → ℝ^2');
  });
});

describe('descriptions in plain words', () => {
  const described = [
    ...allGenerators().map((g) => [g.id, g.description] as const),
    ...learnerBoxKinds().map((k) => [k.id, k.description] as const),
  ];

  it('have a plain twin for every description that uses jargon, itself free of it', () => {
    const jargon = described.filter(([, d]) => JARGON.test(d));
    expect(jargon.length).toBeGreaterThan(10);
    for (const [id, d] of jargon) {
      const plain = descriptionIn('plain', id, d);
      expect(plain, id).not.toBe(d);
      expect(plain, `${id}: ${plain}`).not.toMatch(JARGON);
    }
  });

  it('leave the mathematical description as the generator wrote it', () => {
    for (const [id, d] of described) expect(descriptionIn('mathematical', id, d)).toBe(d);
    expect(descriptionIn('plain', 'negate', 'Negation; its own dagger.')).not.toContain('dagger');
  });
});

describe('the notation chosen', () => {
  it('starts from what was saved, tells its listeners of a change and saves it', () => {
    const writes: string[] = [];
    const store = createNotationStore(
      () => 'mathematical',
      (n) => writes.push(n),
    );
    let heard = 0;
    const stop = store.subscribe(() => heard++);
    expect(store.get()).toBe('mathematical');
    store.set('plain');
    store.set('plain');
    expect([store.get(), heard, writes]).toEqual(['plain', 1, ['plain']]);
    stop();
    store.set('mathematical');
    expect(heard).toBe(1);
  });

  it('refuses a notation it does not know and keeps its own', () => {
    const store = createNotationStore(
      () => 'plain',
      () => {},
    );
    expect(() => store.set('greek' as never)).toThrow(/plain, mathematical.*'greek'/);
    expect(store.get()).toBe('plain');
  });

  it('is plain on a first visit, when nothing is saved', () => {
    expect(createNotationStore(undefined, () => {}).get()).toBe('plain');
  });
});
