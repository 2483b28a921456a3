import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fittedSize, SMALLEST_PX } from './useFitWidth';

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
console.log(`useFitWidth.test.ts: fast-check seed ${seed} (FC_SEED=${seed} replays)`);

describe('a figure fitted to its cell', () => {
  it('keeps the stylesheet size when the text fits', () => {
    expect(fittedSize(18, 80, 83)).toBeNull();
    expect(fittedSize(18, 83, 83)).toBeNull();
  });

  it("shrinks MNIST's nine-character loss into a third of the 1280 column", () => {
    // measured: "-0.006225" is 102 px at 18 px in a cell of 83 px
    expect(fittedSize(18, 102, 83)).toBe(14);
  });

  it('never gives a size the text overflows at (scaled by its width), nor one below the smallest', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 8, max: 40 }),
        fc.double({ min: 1, max: 2000, noNaN: true }),
        fc.double({ min: 1, max: 2000, noNaN: true }),
        (size, need, room) => {
          const fitted = fittedSize(size, need, room);
          if (need <= room) return fitted === null;
          if (fitted === null) return false;
          const floor = Math.min(SMALLEST_PX, size);
          return fitted >= floor && (fitted === floor || (need * fitted) / size <= room) && fitted <= size;
        },
      ),
      { seed, numRuns: 500 },
    );
  });

  it('does nothing for a cell not laid out yet', () => {
    expect(fittedSize(18, 100, 0)).toBeNull();
    expect(fittedSize(Number.NaN, 100, 50)).toBeNull();
  });
});
