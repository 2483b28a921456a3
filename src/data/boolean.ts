/**
 * Boolean functions as datasets: every one of the 2^n inputs once, features and labels in
 * {0, 1} (ℤ₂). Row i is the binary expansion of i, first feature most significant, so the
 * table reads like a truth table. n is capped at 16 (65,536 rows).
 */
import { type Dataset, makeDataset } from './dataset';

export const MAX_BOOLEAN_BITS = 16;

function truthTable(name: string, description: string, n: number, f: (bits: Uint8Array) => number): Dataset {
  if (!(Number.isInteger(n) && n >= 1 && n <= MAX_BOOLEAN_BITS)) {
    throw new Error(`${name}: ${n} input bits is not in 1…${MAX_BOOLEAN_BITS}`);
  }
  const rows = 2 ** n;
  const features = new Float32Array(rows * n);
  const labels = new Float32Array(rows);
  const bits = new Uint8Array(n);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < n; j++) bits[j] = (i >> (n - 1 - j)) & 1;
    features.set(bits, i * n);
    labels[i] = f(bits);
  }
  return makeDataset({
    name,
    description,
    task: 'boolean',
    featureShape: [n],
    featureNames: Array.from({ length: n }, (_, j) => `x${j + 1}`),
    labelShape: [1],
    labelEncoding: 'bits',
    features,
    labels,
  });
}

const ones = (bits: Uint8Array): number => bits.reduce((sum, b) => sum + b, 0);

/** x₁ ⊕ … ⊕ xₙ: the sum in ℤ₂, one xor gate per input. */
export function parity(n = 4): Dataset {
  return truthTable('parity', `Parity of ${n} bits: 1 when an odd number of inputs is 1.`, n, (b) => ones(b) % 2);
}

/** 1 when more than half the inputs are 1; for even n a tie gives 0. */
export function majority(n = 5): Dataset {
  return truthTable('majority', `Majority of ${n} bits: 1 when more than half are 1 (a tie is 0).`, n, (b) =>
    2 * ones(b) > n ? 1 : 0,
  );
}

/**
 * The multiplexer with k address bits: inputs are the k address bits (most significant first)
 * followed by 2^k data bits; the output is the data bit the address selects. k ≤ 3, since
 * k = 4 needs 20 inputs.
 */
export function multiplexer(k = 2): Dataset {
  if (!(Number.isInteger(k) && k >= 1 && k <= 3)) throw new Error(`multiplexer: ${k} address bits is not in 1…3`);
  const n = k + 2 ** k;
  return truthTable(
    'multiplexer',
    `Multiplexer: ${k} address bits choose one of ${2 ** k} data bits (${n} inputs).`,
    n,
    (b) => {
      let address = 0;
      for (let j = 0; j < k; j++) address = address * 2 + b[j];
      return b[k + address];
    },
  );
}
