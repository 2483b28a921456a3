/**
 * Random well-typed diagrams, generated in one place (as open-hypergraphs' strategies are).
 * Deterministic in the Rng, so a fast-check integer seed names each diagram. Real diagrams
 * mix pointwise maps (binary ones with unbatched scalar operands too), linear/bias with parameter wires, sums, broadcasts, concat/split,
 * softmax, explicit copies and discards, and fan-out; ℤ₂ circuits are multilinear polynomials.
 */
import { DiagramBuilder } from '../core/builder';
import type { Diagram } from '../core/diagram';
import type { Rng } from '../core/init';
import { param, real, type WireType, z2 } from '../core/wire';

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
/** Mostly one of the last few wires, so boxes chain into deep composites rather than fan out flat. */
const recent = <T>(rng: Rng, xs: readonly T[]): T => (rng() < 0.75 ? pick(rng, xs.slice(-3)) : pick(rng, xs));

export interface RandomOptions {
  readonly boxes?: number;
  /** Allow relu and leaky relu (kinks): fine for engine agreement, not for finite differences. */
  readonly kinks?: boolean;
}

const menu: readonly WireType[] = [real([3]), real([2]), real([]), param([3, 2]), param([2]), real([3]), param([])];

/** A random domain: 1–4 wire types, at least one batched. */
export function randomDom(rng: Rng): WireType[] {
  const n = 1 + Math.floor(rng() * 4);
  return [real([3]), ...Array.from({ length: n - 1 }, () => pick(rng, menu))];
}

type Move = (b: DiagramBuilder, pool: number[], rng: Rng) => number[] | undefined;

const typeOf = (b: DiagramBuilder, w: number) => b.typeOf(w);
const vectorOf = (b: DiagramBuilder, pool: number[], pred: (t: WireType) => boolean) =>
  pool.filter((w) => pred(typeOf(b, w)));
const anyWire = (rng: Rng, pool: number[]) => recent(rng, pool);
const isReal = (t: WireType) => t.field === 'real';

const moves = (kinks: boolean): Move[] => [
  (b, pool, rng) => {
    const unaries = ['sigmoid', 'tanh', 'softplus', 'negate', 'scale', ...(kinks ? ['relu', 'leakyRelu'] : [])];
    const gen = pick(rng, unaries);
    // the config is drawn before the wire: the order of rng() calls fixes the diagrams
    const config = gen === 'scale' ? { c: Math.round((rng() * 3 - 1.5) * 4) / 4 } : {};
    return b.box(gen, [anyWire(rng, pool)], config);
  },
  (b, pool, rng) => {
    const x = anyWire(rng, pool);
    const scalar = (t: WireType) => !t.batch && t.shape.length === 0;
    const same = pool.filter((w) => typeOf(b, w).shape.join() === typeOf(b, x).shape.join() || scalar(typeOf(b, w)));
    const y = pick(rng, same);
    return b.box(pick(rng, ['add', 'subtract', 'multiply']), rng() < 0.5 ? [x, y] : [y, x]);
  },
  (b, pool, rng) => {
    const ws = vectorOf(b, pool, (t) => !t.batch && t.shape.length === 2);
    if (!ws.length) return undefined;
    const w = pick(rng, ws);
    const [n, m] = typeOf(b, w).shape;
    const xs = vectorOf(b, pool, (t) => t.shape.length === 1 && t.shape[0] === n);
    return xs.length ? b.box('linear', [w, recent(rng, xs)], { in: n, out: m }) : undefined;
  },
  (b, pool, rng) => {
    const xs = vectorOf(b, pool, (t) => t.shape.length === 1);
    return xs.length ? b.box('sumFeatures', [recent(rng, xs)]) : undefined;
  },
  (b, pool, rng) => {
    const xs = vectorOf(b, pool, (t) => t.shape.length === 0);
    if (!xs.length) return undefined;
    const shape = [pick(rng, [2, 3])];
    return b.box('broadcast', [recent(rng, xs)], { shape });
  },
  (b, pool, rng) => {
    const x = recent(
      rng,
      vectorOf(b, pool, (t) => t.shape.length === 1),
    );
    if (x === undefined) return undefined;
    const ys = vectorOf(b, pool, (t) => t.shape.length === 1 && t.batch === typeOf(b, x).batch);
    return b.box('concat', [x, pick(rng, ys)], { n: 2 });
  },
  (b, pool, rng) => {
    const xs = vectorOf(b, pool, (t) => t.shape.length === 1 && t.shape[0] >= 2);
    if (!xs.length) return undefined;
    const x = recent(rng, xs);
    return b.box('split', [x], { sizes: [1, typeOf(b, x).shape[0] - 1] });
  },
  (b, pool, rng) => {
    const xs = vectorOf(b, pool, (t) => t.shape.length === 1 && t.batch);
    return xs.length ? b.box('softmax', [recent(rng, xs)]) : undefined;
  },
  (b, pool, rng) => (rng() < 0.3 ? b.box('copy', [anyWire(rng, pool)], { n: 2 }) : undefined),
  (b, pool, rng) => (rng() < 0.2 ? b.box('discard', [pick(rng, pool)]) : undefined),
];

/** A random real diagram on the given domain, with 1–3 outputs: the last wire made and mostly late ones. */
export function randomDiagram(rng: Rng, inTypes: readonly WireType[], opts: RandomOptions = {}): Diagram {
  const b = new DiagramBuilder();
  const pool = b.inputs(inTypes).filter((w) => isReal(typeOf(b, w)));
  const all = moves(opts.kinks ?? false);
  const target = opts.boxes ?? 2 + Math.floor(rng() * 7);
  for (let made = 0, tries = 0; made < target && tries < 100; tries++) {
    const outs = pick(rng, all)(b, pool, rng);
    if (!outs) continue;
    pool.push(...outs);
    made++;
  }
  const nOut = Math.floor(rng() * 3);
  b.outputs([pool[pool.length - 1], ...Array.from({ length: nOut }, () => recent(rng, pool))]);
  return b.build();
}

/**
 * A random multilinear ℤ₂ circuit on n scalar bits: each output is an xor of products of
 * literals over distinct variables (x or not x), so the compositional R and the brute-force
 * discrete derivative must agree.
 */
export function randomCircuit(rng: Rng, nBits: number, nOut: number): Diagram {
  const b = new DiagramBuilder();
  const xs = b.inputs(Array.from({ length: nBits }, () => z2([])));
  const monomial = (): number => {
    const vars = xs.filter(() => rng() < 0.5);
    if (!vars.length) return b.op('one', [], { shape: [], batch: true });
    const lits = vars.map((x) => (rng() < 0.3 ? b.op('not', [x]) : x));
    return lits.slice(1).reduce((acc, l) => b.op('and', [acc, l]), lits[0]);
  };
  const poly = (): number => {
    const terms = Array.from({ length: 1 + Math.floor(rng() * 3) }, monomial);
    return terms.slice(1).reduce((acc, t) => b.op('xor', [acc, t]), terms[0]);
  };
  b.outputs(Array.from({ length: nOut }, poly));
  return b.build();
}
