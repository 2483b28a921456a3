import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allGenerators } from '../../core';
import { GeneratorTypeError } from '../../core/errors';
import { param, printProduct, printType, real, type WireType, z2 } from '../../core/wire';
import { learnerBoxKinds } from '../../kinds/boxKinds';
import { fcSeed } from '../../testing/seed';
import { createNotationStore } from './notationChoice';
import { descriptionIn, JARGON } from './plainDescriptions';
import { boxSizesIn, messageIn, signatureWords, sizeWords, typeIn, typeWithin, wireWords } from './plainWords';

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

  it('fit the room a label has: the grid goes first, then the noun; mathematics is written whole', () => {
    const conv = real([26, 26, 3]);
    expect(typeWithin('plain', conv, 40)).toBe('2,028 numbers (26×26×3)');
    expect(typeWithin('plain', conv, 22)).toBe('2,028 numbers');
    expect(typeWithin('plain', conv, 8)).toBe('2,028');
    expect(typeWithin('plain', conv, 0)).toBe('2,028');
    expect(typeWithin('plain', param([2, 8]), 9)).toBe('16');
    expect(typeWithin('plain', z2([4]), 6)).toBe('4 bits');
    expect(typeWithin('mathematical', conv, 3)).toBe(printType(conv));
    // whatever the room, the words say the same count as the full label, and fit when they can
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 0, maxLength: 3 }),
        fc.nat(40),
        (shape, chars) => {
          const t = real(shape);
          const got = typeWithin('plain', t, chars);
          const n = sizeWords(shape);
          return got.startsWith(n) && (got.length <= chars || got === n) && wireWords(t).startsWith(got.split(' (')[0]);
        },
      ),
      { seed: fcSeed() },
    );
  });

  it('group a size by thousands as Intl does in English, without building a formatter', () => {
    const english = new Intl.NumberFormat('en');
    expect(sizeWords([1000, 1000])).toBe('1,000,000');
    fc.assert(
      fc.property(fc.maxSafeNat(), (n) => sizeWords([n]) === english.format(n)),
      { seed: fcSeed() },
    );
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

describe("the compiler's messages in plain words", () => {
  const seed = fcSeed();
  const wireType = fc.record({
    field: fc.constantFrom('real' as const, 'z2' as const),
    shape: fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 3 }),
    batch: fc.boolean(),
  });

  it('write every printed type as what its wire carries, and leave the mathematical message alone', () => {
    fc.assert(
      fc.property(wireType, wireType, (a: WireType, b: WireType) => {
        // weights keep their grid in a message, where two shapes are compared
        const words = (t: WireType) => wireWords(t) + (!t.batch && t.shape.length > 1 ? ` (${t.shape.join('×')})` : '');
        const message = `${printType(a)} cannot feed ${printType(b)}`;
        expect(messageIn('plain', message)).toBe(`${words(a)} cannot feed ${words(b)}`);
        expect(messageIn('plain', printProduct([a, b]))).toBe(`${words(a)} and ${words(b)}`);
        expect(messageIn('mathematical', message)).toBe(message);
      }),
      { seed, numRuns: 200 },
    );
  });

  it("word a generator's own expectations, sizes named by letters included", () => {
    const said = (expected: string, got: WireType) =>
      messageIn('plain', new GeneratorTypeError('linear', 'x', expected, got).message);
    expect(said('ℝ^4', real([3]))).toBe("linear: port 'x' expects 4 numbers, got 3 numbers");
    expect(said('a real (ℝ) wire', z2([2]))).toBe("linear: port 'x' expects a wire of numbers, got 2 bits");
    expect(said('an unbatched matrix ℝ^{n×m}ᵖ', param([2, 8]))).toBe(
      "linear: port 'x' expects an unbatched matrix n×m weights, got 16 weights (2×8)",
    );
    expect(messageIn('plain', 'tied parameter: ℝ^{4×3}ᵖ cannot feed ℝ^{3×4}ᵖ')).toBe(
      'tied parameter: 12 weights (4×3) cannot feed 12 weights (3×4)',
    );
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
