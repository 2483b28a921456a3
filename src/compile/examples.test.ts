/** Every example parses, compiles with its learner required, and has the shapes its description promises. */
import { describe, expect, it } from 'vitest';
import { EXAMPLE_GROUPS, examples, loadExample } from '../io/examples/index';
import { compileDocument } from './compile';

interface Shape {
  term: string;
  params: [string, number[]][];
  loss: string;
  optimiser: string;
}

/** XOR's network, which the optimiser comparisons share, trained by `optimiser`. */
const xorNet = (optimiser: string): Shape => ({
  term: 'linear[2→8] ; bias ; tanh ; linear[8→2] ; bias',
  params: [
    ['W1.W', [2, 8]],
    ['W2.W', [8, 2]],
    ['b1.W', [8]],
    ['b2.W', [2]],
  ],
  loss: 'softmax-cross-entropy',
  optimiser,
});

const expected: Record<string, Shape> = {
  xor: xorNet('adam'),
  'plane-regression': {
    term: 'linear[2→1] ; bias',
    params: [
      ['W1.W', [2, 1]],
      ['b1.W', [1]],
    ],
    loss: 'mse',
    optimiser: 'gd',
  },
  'curve-fit': {
    term: 'linear[1→16] ; bias ; tanh ; linear[16→1] ; bias',
    params: [
      ['W1.W', [1, 16]],
      ['W2.W', [16, 1]],
      ['b1.W', [16]],
      ['b2.W', [1]],
    ],
    loss: 'mse',
    optimiser: 'adam',
  },
  spirals: {
    term: 'linear[2→16] ; bias ; tanh ; linear[16→16] ; bias ; tanh ; linear[16→2] ; bias',
    params: [
      ['W1.W', [2, 16]],
      ['W2.W', [16, 16]],
      ['W3.W', [16, 2]],
      ['b1.W', [16]],
      ['b2.W', [16]],
      ['b3.W', [2]],
    ],
    loss: 'softmax-cross-entropy',
    optimiser: 'adam',
  },
  'iris-simple': {
    term: 'linear[4→3] ; bias ; sigmoid',
    params: [
      ['W1.W', [4, 3]],
      ['b1.W', [3]],
    ],
    loss: 'mse',
    optimiser: 'gd',
  },
  'iris-hidden': {
    term: 'linear[4→20] ; bias ; sigmoid ; linear[20→3] ; bias ; sigmoid',
    params: [
      ['W1.W', [4, 20]],
      ['W2.W', [20, 3]],
      ['b1.W', [20]],
      ['b2.W', [3]],
    ],
    loss: 'mse',
    optimiser: 'gd',
  },
  'mnist-conv': {
    term: 'reshape[28×28×1] ; correlate2d ; relu ; maxPool2d[2] ; correlate2d ; relu ; maxPool2d[2] ; flatten ; linear[125→10] ; bias ; sigmoid',
    params: [
      ['K1.W', [3, 3, 1, 3]],
      ['K2.W', [4, 4, 3, 5]],
      ['W3.W', [125, 10]],
      ['b3.W', [10]],
    ],
    loss: 'mse',
    optimiser: 'momentum',
  },
  'mnist-mlp': {
    term: 'linear[784→128] ; bias ; relu ; linear[128→10] ; bias',
    params: [
      ['W1.W', [784, 128]],
      ['W2.W', [128, 10]],
      ['b1.W', [128]],
      ['b2.W', [10]],
    ],
    loss: 'softmax-cross-entropy',
    optimiser: 'adam',
  },
  'optimiser-gd': xorNet('gd'),
  'optimiser-momentum': xorNet('momentum'),
  'optimiser-nesterov': xorNet('nesterov'),
  'optimiser-adagrad': xorNet('adagrad'),
  'optimiser-adam': xorNet('adam'),
  'iris-softmax-ce': {
    term: 'linear[4→3] ; bias',
    params: [
      ['W1.W', [4, 3]],
      ['b1.W', [3]],
    ],
    loss: 'softmax-cross-entropy',
    optimiser: 'gd',
  },
  'iris-softmax-mse': {
    term: 'linear[4→3] ; bias ; softmax',
    params: [
      ['W1.W', [4, 3]],
      ['b1.W', [3]],
    ],
    loss: 'mse',
    optimiser: 'gd',
  },
  'weight-tying': {
    term: 'Δ ; linear[2→2] ; bias ; tanh ; linear[2→2] ; bias',
    params: [
      ['W.W', [2, 2]],
      ['b1.W', [2]],
      ['b2.W', [2]],
    ],
    loss: 'softmax-cross-entropy',
    optimiser: 'adam',
  },
  residual: {
    term: 'linear[2→8] ; bias ; tanh ; Δ ; linear[8→8] ; bias ; tanh ; + ; linear[8→2] ; bias',
    params: [
      ['W1.W', [2, 8]],
      ['Wo1.W', [8, 2]],
      ['Wr1.W', [8, 8]],
      ['b1.W', [8]],
      ['bo1.W', [2]],
      ['br1.W', [8]],
    ],
    loss: 'softmax-cross-entropy',
    optimiser: 'adam',
  },
  'catgpt-tiny': {
    term: '(broadcast[32×32, 0] ⊗ broadcast[32×32, 0] ⊗ broadcast[32×32, 0] ⊗ broadcast[32×32, 0] ⊗ broadcast[32×32, 0] ⊗ broadcast[32×32, 0] ⊗ broadcast[32×32, 0] ⊗ broadcast[32×32, 0] ⊗ broadcast[32×32, 0] ⊗ broadcast[32×32, 0] ⊗ embedding[76×32]) ; + ; Δ ; layerNorm ; multiply ; + ; Δ[3] ; (linear[32→32] ⊗ linear[32→32] ⊗ linear[32→32]) ; (split[16×16] ⊗ split[16×16] ⊗ split[16×16]) ; (batchMatmul[A·Bᵀ] ⊗ batchMatmul[A·Bᵀ]) ; (scale[0.25] ⊗ scale[0.25]) ; (softmax[masked] ⊗ softmax[masked]) ; (batchMatmul ⊗ batchMatmul) ; concat ; linear[32→32] ; + ; Δ ; layerNorm ; multiply ; + ; linear[32→128] ; gelu ; linear[128→32] ; + ; Δ ; layerNorm ; multiply ; + ; Δ[3] ; (linear[32→32] ⊗ linear[32→32] ⊗ linear[32→32]) ; (split[16×16] ⊗ split[16×16] ⊗ split[16×16]) ; (batchMatmul[A·Bᵀ] ⊗ batchMatmul[A·Bᵀ]) ; (scale[0.25] ⊗ scale[0.25]) ; (softmax[masked] ⊗ softmax[masked]) ; (batchMatmul ⊗ batchMatmul) ; concat ; linear[32→32] ; + ; Δ ; layerNorm ; multiply ; + ; linear[32→128] ; gelu ; linear[128→32] ; + ; layerNorm ; multiply ; + ; linear[32→76]',
    params: [
      ['block1.fc.W', [32, 128]],
      ['block1.k.W', [32, 32]],
      ['block1.ln1.beta.W', [32]],
      ['block1.ln1.gamma.W', [32]],
      ['block1.ln2.beta.W', [32]],
      ['block1.ln2.gamma.W', [32]],
      ['block1.o.W', [32, 32]],
      ['block1.proj.W', [128, 32]],
      ['block1.q.W', [32, 32]],
      ['block1.v.W', [32, 32]],
      ['block2.fc.W', [32, 128]],
      ['block2.k.W', [32, 32]],
      ['block2.ln1.beta.W', [32]],
      ['block2.ln1.gamma.W', [32]],
      ['block2.ln2.beta.W', [32]],
      ['block2.ln2.gamma.W', [32]],
      ['block2.o.W', [32, 32]],
      ['block2.proj.W', [128, 32]],
      ['block2.q.W', [32, 32]],
      ['block2.v.W', [32, 32]],
      ['embed.W', [76, 32]],
      ['head.W', [32, 76]],
      ['lnf.beta.W', [32]],
      ['lnf.gamma.W', [32]],
      ['position.W', [32, 32]],
    ],
    loss: 'softmax-cross-entropy',
    optimiser: 'adam',
  },
  'parity-circuit': {
    term: 'and ; parity ; reshape',
    params: [['p.W', [4]]],
    loss: 'z2-xor',
    optimiser: 'gd',
  },
  'rda-iris2': {
    term: 'basis ; broadcast[1×16, 0] ; and ; sumFeatures[1]',
    params: [['theta.W', [1, 16]]],
    loss: 'z2-xor',
    optimiser: 'gd',
  },
  'rda-iris3': {
    term: 'basis ; broadcast[2×16, 0] ; and ; sumFeatures[1]',
    params: [['theta.W', [2, 16]]],
    loss: 'z2-xor',
    optimiser: 'gd',
  },
  'deep-dreaming': {
    term: 'linear[784→128] ; bias ; relu ; linear[128→10] ; bias',
    params: [
      ['W1.W', [784, 128]],
      ['W2.W', [128, 10]],
      ['b1.W', [128]],
      ['b2.W', [10]],
    ],
    loss: 'softmax-cross-entropy',
    optimiser: 'adam',
  },
};

describe('examples', () => {
  it('are the ones expected, each with a name and a description', () => {
    expect(examples.map((e) => e.id)).toEqual(Object.keys(expected));
    for (const e of examples) expect(e.name.length * e.description.length).toBeGreaterThan(0);
  });

  for (const e of examples) {
    it(`${e.id} parses and compiles with no errors`, () => {
      const r = compileDocument(loadExample(e.id), { requireLoss: true });
      expect(r.errors).toEqual([]);
      const m = r.model;
      expect(m?.term).toBe(expected[e.id].term);
      expect(m?.params.map((p) => [p.name, p.type.shape])).toEqual(expected[e.id].params);
      expect(m?.loss?.kind).toBe(expected[e.id].loss);
      expect(m?.optimiser?.kind).toBe(expected[e.id].optimiser);
    });

    it(`${e.id} draws its whole learner left to right, parameters above`, () => {
      const doc = loadExample(e.id);
      const kinds = new Set(doc.boxes.map((b) => b.generator));
      for (const k of ['input', 'label', 'output', 'loss', 'learning-rate', 'optimiser']) expect(kinds).toContain(k);
      const at = new Map([...doc.boxes, ...doc.groups].map((b) => [b.id, b.position]));
      for (const w of doc.wires) {
        const [from, to] = [at.get(w.from.box), at.get(w.to.box)];
        if (!from || !to) throw new Error(`wire ${w.id} names a missing box`);
        if (doc.boxes.find((b) => b.id === w.from.box)?.generator === 'parameter') expect(from.y).toBeLessThan(to.y);
        else expect(from.x).toBeLessThanOrEqual(to.x);
      }
    });
  }

  it('come in the gallery’s groups, each group listed together; every group but the last has examples', () => {
    const order = examples.map((e) => EXAMPLE_GROUPS.indexOf(e.group));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(order).size).toBeGreaterThanOrEqual(EXAMPLE_GROUPS.length - 1);
  });

  it('the five optimiser examples are one diagram but for the optimiser', () => {
    const ids = ['gd', 'momentum', 'nesterov', 'adagrad', 'adam'].map((k) => `optimiser-${k}`);
    const strip = (id: string) => {
      const d = loadExample(id);
      return {
        boxes: d.boxes.filter((b) => b.generator !== 'optimiser' && b.generator !== 'learning-rate'),
        wires: d.wires,
        dataset: d.dataset,
      };
    };
    for (const id of ids) expect(strip(id)).toEqual(strip(ids[0]));
    expect(ids.map((id) => compileDocument(loadExample(id)).model?.optimiser?.kind)).toEqual([
      'gd',
      'momentum',
      'nesterov',
      'adagrad',
      'adam',
    ]);
  });

  it('the Boolean examples are over ℤ₂ and learn by RDA: xor loss, zero parameters', () => {
    for (const id of ['parity-circuit', 'rda-iris2', 'rda-iris3']) {
      const m = compileDocument(loadExample(id)).model;
      expect(m?.loss?.kind).toBe('z2-xor');
      expect(m?.params.map((p) => [p.type.field, p.init.kind])).toEqual([['z2', 'zeros']]);
    }
  });

  it('iris-simple is the paper’s experiment: N(0, 0.01) weights, zero biases, gd 0.01, batch 1, 400 epochs', () => {
    const doc = loadExample('iris-simple');
    const m = compileDocument(doc).model;
    expect(m?.params.map((p) => p.init)).toEqual([{ kind: 'normal', sigma: 0.01 }, { kind: 'zeros' }]);
    expect(m?.learningRate).toBe(0.01);
    expect(doc.training).toMatchObject({ batchSize: 1, epochs: 400 });
  });
});
