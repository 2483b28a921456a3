/**
 * The transformer drawn box by box (docs/transformer.md): a pre-norm block of causal multi-head
 * self-attention and an MLP as one Para group, and CatGPT — embedding, positional embedding,
 * blocks, a last layer norm, a linear map to the vocabulary — as a whole learner. One builder
 * serves the gallery, the experiment, the benchmark and the tests.
 *
 * Heads are parallel wires: Q, K and V are each split along their last axis into one wire of
 * d_head values per head, each head computes softmax_causal(Q_h K_hᵀ/√d_head)·V_h, and the
 * heads are joined again before the output projection. The linear maps have no bias, and a
 * layer norm's learnt γ and β are a multiply and an add after it, each a parameter of `width`
 * values broadcast along the positions (as the ONNX import draws them).
 */
import type { BoxDoc, GroupDoc, LensDocument, OptimiserSettings, Position, WireDoc } from '../document';
import { DOCUMENT_FORMAT, DOCUMENT_VERSION } from '../document';

export interface BlockShape {
  /** Positions, T. */
  readonly context: number;
  /** Values per position, C. */
  readonly width: number;
  readonly heads: number;
  /** The MLP's hidden width as a multiple of C (4, as GPT). */
  readonly mlpRatio?: number;
}

export interface CatgptConfig extends BlockShape {
  /** The vocabulary V: the data decides it (76 for the `text` set). */
  readonly vocab: number;
  readonly blocks: number;
  readonly batchSize: number;
  readonly optimiser: OptimiserSettings;
  /** Windows of the `text` set the document binds. */
  readonly windows: number;
  readonly epochs?: number;
  readonly seed?: number;
  readonly name?: string;
}

/** The standard deviation of every weight matrix and embedding at the start (as GPT-2's). */
export const WEIGHT_SIGMA = 0.02;

const COLUMN = 240;
const ROW = 150;

/** Boxes, wires and groups being drawn, with ids and positions given by the caller. */
export class DocumentDrawing {
  readonly boxes: BoxDoc[] = [];
  readonly wires: WireDoc[] = [];
  readonly groups: GroupDoc[] = [];

  box(
    id: string,
    generator: string,
    config: Record<string, unknown>,
    position: Position,
    extra: { label?: string; parent?: string } = {},
  ): string {
    this.boxes.push({ id, generator, config, position, ...extra });
    return id;
  }

  /** A wire from `box.port` to `box.port` (the port is after the last dot). */
  wire(from: string, to: string): void {
    const ref = (s: string) => {
      const at = s.lastIndexOf('.');
      return { box: s.slice(0, at), port: s.slice(at + 1) };
    };
    this.wires.push({ id: `w${this.wires.length + 1}`, from: ref(from), to: ref(to) });
  }

  /** A learnt parameter `id` (its weight is named `id.W`) a row above `at`, wired into `into`. */
  param(id: string, shape: readonly number[], init: unknown, into: string, at: Position, parent?: string): void {
    this.box(id, 'parameter', { shape: [...shape], init }, { x: at.x, y: at.y - ROW }, parent ? { parent } : {});
    this.wire(`${id}.W`, into);
  }
}

const normal = { kind: 'normal', sigma: WEIGHT_SIGMA };

/**
 * n = LN(x)·γ + β along the last axis of a [T, C] wire: layerNorm, then γ and β broadcast along
 * the positions. Returns the port of its output; `from` is the port that feeds it.
 */
function layerNormWithParams(
  d: DocumentDrawing,
  id: string,
  shape: readonly [number, number],
  from: string,
  at: Position,
  parent?: string,
): string {
  const inside = parent ? { parent } : {};
  const [T, C] = shape;
  const col = (k: number) => ({ x: at.x + k * COLUMN, y: at.y });
  d.box(`${id}.norm`, 'layerNorm', { eps: 1e-5 }, col(0), { label: 'layer norm', ...inside });
  d.wire(from, `${id}.norm.x`);
  for (const [k, name, gen, init] of [
    [1, 'gamma', 'multiply', { kind: 'constant', value: 1 }],
    [2, 'beta', 'add', { kind: 'zeros' }],
  ] as const) {
    const p = col(k);
    d.box(`${id}.${name}.${gen}`, gen, {}, p, { label: name === 'gamma' ? '· γ' : '+ β', ...inside });
    d.box(
      `${id}.${name}.spread`,
      'broadcast',
      { shape: [T, C], axis: 0 },
      { x: p.x, y: p.y - ROW },
      {
        label: `${name === 'gamma' ? 'γ' : 'β'} at every position`,
        ...inside,
      },
    );
    d.wire(`${id}.${name}.spread.y`, `${id}.${name}.${gen}.b`);
    d.param(`${id}.${name}`, [C], init, `${id}.${name}.spread.x`, { x: p.x, y: p.y - ROW }, parent);
  }
  d.wire(`${id}.norm.n`, `${id}.gamma.multiply.a`);
  d.wire(`${id}.gamma.multiply.y`, `${id}.beta.add.a`);
  return `${id}.beta.add.y`;
}

/** A linear map without bias on the last axis, its weight N(0, σ) above it; returns its output port. */
function project(d: DocumentDrawing, id: string, n: number, m: number, from: string, at: Position, parent?: string) {
  d.box(`${id}.map`, 'linear', { in: n, out: m }, at, { label: `linear ${n}→${m}`, ...(parent ? { parent } : {}) });
  d.wire(from, `${id}.map.x`);
  d.param(id, [n, m], normal, `${id}.map.W`, at, parent);
  return `${id}.map.y`;
}

/** The width of one head, refusing a width that the heads do not divide. */
export function headWidth(s: BlockShape): number {
  if (s.heads < 1 || s.width % s.heads !== 0)
    throw new Error(`transformer block: width ${s.width} is not a multiple of heads ${s.heads}`);
  return s.width / s.heads;
}

/**
 * One pre-norm transformer block as a group `id` whose input port `x` and output port `y` are
 * [T, C] wires: x + attention(LN(x)), then h + MLP(LN(h)). The group's own position is `at`;
 * its inside is drawn from (0, 0) in its own scope.
 */
export function drawBlock(d: DocumentDrawing, id: string, s: BlockShape, at: Position, name = 'transformer block') {
  const { context: T, width: C, heads: H } = s;
  const dh = headWidth(s);
  const hidden = C * (s.mlpRatio ?? 4);
  const g = id;
  const inside = { parent: g };
  const col = (k: number, row = 0) => ({ x: k * COLUMN, y: row * ROW });
  const box = (bid: string, gen: string, config: Record<string, unknown>, p: Position, label?: string) =>
    d.box(bid, gen, config, p, { ...(label ? { label } : {}), ...inside });

  box(`${g}.skip1`, 'copy', { n: 2 }, col(0, 2), 'copy (residual)');
  const normed = layerNormWithParams(d, `${g}.ln1`, [T, C], `${g}.skip1.y0`, col(1, 2), g);
  box(`${g}.qkv`, 'copy', { n: 3 }, col(4, 2), 'copy to Q, K, V');
  const parts = ['q', 'k', 'v'] as const;
  parts.forEach((p, i) => {
    const y = col(5, i * 2 + 1);
    project(d, `${g}.${p}`, C, C, `${g}.qkv.y${i}`, y, g);
    box(`${g}.${p}.heads`, 'split', { sizes: Array(H).fill(dh) }, col(6, i * 2 + 1), `${p.toUpperCase()} per head`);
    d.wire(`${g}.${p}.map.y`, `${g}.${p}.heads.x`);
  });
  d.wire(normed, `${g}.qkv.x`);
  for (let h = 0; h < H; h++) {
    const row = h * 1.2 + 0.5;
    const hid = `${g}.head${h}`;
    box(`${hid}.scores`, 'batchMatmul', { transA: false, transB: true }, col(7, row), `Q${h}·K${h}ᵀ`);
    d.wire(`${g}.q.heads.y${h}`, `${hid}.scores.A`);
    d.wire(`${g}.k.heads.y${h}`, `${hid}.scores.B`);
    box(`${hid}.scaled`, 'scale', { c: 1 / Math.sqrt(dh) }, col(8, row), `÷ √${dh}`);
    d.wire(`${hid}.scores.C`, `${hid}.scaled.x`);
    box(`${hid}.softmax`, 'softmax', { axis: -1, causal: true }, col(9, row), `causal softmax, head ${h}`);
    d.wire(`${hid}.scaled.y`, `${hid}.softmax.x`);
    box(`${hid}.mix`, 'batchMatmul', { transA: false, transB: false }, col(10, row), `A${h}·V${h}`);
    d.wire(`${hid}.softmax.y`, `${hid}.mix.A`);
    d.wire(`${g}.v.heads.y${h}`, `${hid}.mix.B`);
  }
  box(`${g}.merge`, 'concat', { n: H }, col(11, 2), 'join the heads');
  for (let h = 0; h < H; h++) d.wire(`${g}.head${h}.mix.C`, `${g}.merge.x${h}`);
  const attended = project(d, `${g}.o`, C, C, `${g}.merge.y`, col(12, 2), g);
  box(`${g}.res1`, 'add', {}, col(13, 2), 'add (residual)');
  d.wire(`${g}.skip1.y1`, `${g}.res1.a`);
  d.wire(attended, `${g}.res1.b`);

  box(`${g}.skip2`, 'copy', { n: 2 }, col(14, 2), 'copy (residual)');
  d.wire(`${g}.res1.y`, `${g}.skip2.x`);
  const normed2 = layerNormWithParams(d, `${g}.ln2`, [T, C], `${g}.skip2.y0`, col(15, 2), g);
  const up = project(d, `${g}.fc`, C, hidden, normed2, col(18, 2), g);
  box(`${g}.gelu`, 'gelu', { approximate: 'none' }, col(19, 2), 'GELU');
  d.wire(up, `${g}.gelu.x`);
  const down = project(d, `${g}.proj`, hidden, C, `${g}.gelu.y`, col(20, 2), g);
  box(`${g}.res2`, 'add', {}, col(21, 2), 'add (residual)');
  d.wire(`${g}.skip2.y1`, `${g}.res2.a`);
  d.wire(down, `${g}.res2.b`);

  d.groups.push({
    id: g,
    name,
    position: at,
    inputs: [{ name: 'x', box: `${g}.skip1`, port: 'x' }],
    outputs: [{ name: 'y', box: `${g}.res2`, port: 'y' }],
  });
  return { input: `${g}.x`, output: `${g}.y` };
}

/** The parameters of one block: Q, K, V, O (C×C each), the MLP's two maps, two layer norms' γ and β. */
export function blockParameters(s: BlockShape): number {
  const C = s.width;
  return 4 * C * C + 2 * C * C * (s.mlpRatio ?? 4) + 4 * C;
}

/** Every parameter of CatGPT as drawn here: embeddings, blocks, the last layer norm and the head. */
export function catgptParameters(
  c: Pick<CatgptConfig, 'vocab' | 'context' | 'width' | 'heads' | 'blocks' | 'mlpRatio'>,
) {
  return c.vocab * c.width + c.context * c.width + c.blocks * blockParameters(c) + 2 * c.width + c.width * c.vocab;
}

/**
 * CatGPT as a learner on the `text` set: ids → embedding + positional embedding → blocks →
 * layer norm → linear to V, softmax cross-entropy at every position.
 */
export function catgptDocument(c: CatgptConfig): LensDocument {
  const d = new DocumentDrawing();
  const { context: T, width: C, vocab: V } = c;
  const y0 = 2 * ROW;
  const col = (k: number) => ({ x: k * COLUMN, y: y0 });
  d.box('x', 'input', {}, col(0), { label: 'characters (ids)' });
  d.box('embed.lookup', 'embedding', { vocab: V, width: C }, col(1), { label: 'token embedding' });
  d.wire('x.x', 'embed.lookup.ids');
  d.param('embed', [V, C], normal, 'embed.lookup.W', col(1));
  d.box('position.add', 'add', {}, col(2), { label: '+ position embedding' });
  d.wire('embed.lookup.y', 'position.add.a');
  d.param('position', [T, C], normal, 'position.add.b', col(2));
  let at = 'position.add.y';
  for (let i = 0; i < c.blocks; i++) {
    const { input, output } = drawBlock(d, `block${i + 1}`, c, col(3 + i), `transformer block ${i + 1}`);
    d.wire(at, input);
    at = output;
  }
  const k = 3 + c.blocks;
  const normed = layerNormWithParams(d, 'lnf', [T, C], at, col(k));
  const logits = project(d, 'head', C, V, normed, col(k + 3));
  d.box('yhat', 'output', {}, col(k + 4), { label: 'next-character logits' });
  d.wire(logits, 'yhat.ŷ');
  d.box('y', 'label', {}, { x: col(k + 4).x, y: y0 + 200 }, { label: 'next characters' });
  d.box('loss', 'loss', { kind: 'softmax-cross-entropy' }, { x: col(k + 5).x, y: y0 + 100 });
  d.wire(logits, 'loss.ŷ');
  d.wire('y.y', 'loss.y');
  d.box('alpha', 'learning-rate', { epsilon: c.optimiser.learningRate }, { x: col(k + 6).x, y: y0 + 100 });
  d.wire('loss.l', 'alpha.l');
  d.box('opt', 'optimiser', { ...c.optimiser }, optimiserAbove(d));
  return {
    format: DOCUMENT_FORMAT,
    version: DOCUMENT_VERSION,
    name: c.name ?? `CatGPT: ${c.blocks} blocks, width ${C}, ${c.heads} heads, context ${T}`,
    boxes: d.boxes,
    wires: d.wires,
    groups: d.groups,
    dataset: { id: 'text', options: { context: T, windows: c.windows, seed: 1 } },
    training: {
      loss: 'softmax-cross-entropy',
      optimiser: c.optimiser,
      batchSize: c.batchSize,
      epochs: c.epochs ?? 10,
      seed: c.seed ?? 1,
      testFraction: 0,
    },
  };
}

/** Centred over the top-level parameters and groups, 90 px above the highest (the learner's picture). */
function optimiserAbove(d: DocumentDrawing): Position {
  const targets = [
    ...d.boxes.filter((b) => b.parent === undefined && b.generator === 'parameter'),
    ...d.groups.filter((g) => g.parent === undefined),
  ].map((n) => n.position);
  const left = Math.min(...targets.map((p) => p.x));
  const right = Math.max(...targets.map((p) => p.x + 120));
  const top = Math.min(...targets.map((p) => p.y));
  return { x: Math.round((left + right) / 2 - 60), y: Math.round(top - 90 - 48) };
}

/** The `text` set's vocabulary (docs/datasets.md): 75 characters that occur and “other”. */
export const TEXT_VOCABULARY = 76;

/**
 * "CatGPT, tiny": the gallery's transformer, small enough to train in the browser in about a
 * minute. Adam, not plain SGD: at this size and a minute's steps Adam's per-weight step sizes
 * take the loss much further than one global rate (the experiment trains the full one with SGD).
 */
export const CATGPT_TINY: CatgptConfig = {
  name: 'CatGPT, tiny: 2 blocks, width 32, 2 heads, context 32',
  vocab: TEXT_VOCABULARY,
  context: 32,
  width: 32,
  heads: 2,
  blocks: 2,
  batchSize: 32,
  windows: 2048,
  epochs: 20,
  optimiser: { kind: 'adam', learningRate: 0.003 },
};

/** CatGPT's own configuration (batch 64, context 32, width 384, 6 heads, 6 blocks), plain SGD at 0.1 as it trains. */
export const CATGPT_FULL: CatgptConfig = {
  name: 'CatGPT: 6 blocks, width 384, 6 heads, context 32',
  vocab: TEXT_VOCABULARY,
  context: 32,
  width: 384,
  heads: 6,
  blocks: 6,
  batchSize: 64,
  windows: 4096,
  epochs: 10,
  optimiser: { kind: 'gd', learningRate: 0.1 },
};

/** The gallery files this builder writes (scripts/catgptExamples.ts), each with its configuration. */
export const CATGPT_FILES = { 'catgpt-tiny.json': CATGPT_TINY, 'catgpt-full.json': CATGPT_FULL } as const;
