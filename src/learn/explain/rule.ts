/**
 * The rule a box applies on the backward pass, as text made from the generator's own reverse
 * rule: R[g] is drawn (core/reverse.ts), printed as a term and as one formula per input's change,
 * and its shape read off the drawn diagram — a single sum of the changes, the change handed on
 * untouched, the change times the other input, the change times a factor of x — gives the
 * sentence a caption says. No formula is written here; only the shapes are named.
 */
import { normaliseConfig } from '../../core/config';
import type { Config, Diagram } from '../../core/diagram';
import { getGenerator } from '../../core/generators/index';
import { genName, type PackedDiagram } from '../../core/packed';
import { reverseOf } from '../../core/reverse';
import { printTerm } from '../../core/term';
import { diagramView, packedOf } from '../../core/views';
import type { WireType } from '../../core/wire';
import { type Formula, formulas, printWire } from './formula';
import { functionName, infix, PRODUCT } from './notation';

export type RuleShape = 'none' | 'zero' | 'pass' | 'sum' | 'product' | 'scaled' | 'linear' | 'general';

export interface RuleExplanation {
  readonly gen: string;
  /** `R[σ](x, d)`. */
  readonly head: string;
  /** R[g] as the core prints a term: `R[Δ] = +`. */
  readonly term: string;
  /** One per input, in input order: `x′ = d·(σ(x) − σ(x)²)`. */
  readonly formulas: readonly Formula[];
  /** `R[σ](x, d) = d·(σ(x) − σ(x)²)`. */
  readonly text: string;
  readonly shape: RuleShape;
  /** The operator a `sum` adds the changes with: `+`, or `⊕` over ℤ₂. */
  readonly sumSymbol?: string;
  /** What the rule does, in words read off its shape: `the two changes are summed`. */
  readonly sentence: string;
  /** The reverse diagram, inputs (x…, d…), and the names its inputs are printed by. */
  readonly reverse: Diagram;
  readonly names: readonly string[];
}

const tuple = (xs: readonly string[]) => (xs.length === 1 ? xs[0] : `(${xs.join(', ')})`);
const subscript = (k: number) => String(k).replace(/\d/g, (d) => '₀₁₂₃₄₅₆₇₈₉'[Number(d)]);
const COUNT = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];

/** The names of x… (the generator's ports) and of the output changes (d, or d₀ d₁ …, or e if d is a port). */
function argNames(gen: string, config: Config, nOut: number): { xs: string[]; ds: string[] } {
  const xs = getGenerator(gen)
    .ports(config)
    .inputs.map((p) => p.name);
  const letter = ['d', 'e', 'g', 'h'].find((l) => !xs.includes(l)) as string;
  const ds = nOut === 1 ? [letter] : Array.from({ length: nOut }, (_, k) => `${letter}${subscript(k)}`);
  return { xs, ds };
}

export function explainRule(gen: string, raw: Config, inputs: readonly WireType[]): RuleExplanation {
  const g = getGenerator(gen);
  const config = normaliseConfig(g, raw);
  const reverse = reverseOf(gen, config, inputs);
  const p = packedOf(reverse);
  const nOut = p.inputs.length - inputs.length;
  const { xs, ds } = argNames(gen, config, nOut);
  const names = [...xs, ...ds];
  const shown = formulas(reverse, { names, outputNames: xs.map((x) => `${x}′`) });
  const inOrder = xs.map((x) => shown.find((f) => f.name === `${x}′`) as Formula);
  const name = functionName(g, config, inputs);
  const head = `R[${name}](${tuple(xs.length === 0 ? ['()'] : xs)}, ${tuple(ds.length === 0 ? ['()'] : ds)})`;
  const shape = shapeOf(p, xs.length);
  const factor = shape.factor === undefined ? undefined : printWire(reverse, { names, outputNames: [] }, shape.factor);
  return {
    gen,
    head,
    term: `R[${name}] = ${printTerm(diagramView(p))}`,
    formulas: inOrder,
    text: `${head} = ${xs.length === 0 ? '()' : tuple(inOrder.map((f) => f.text))}`,
    shape: shape.shape,
    ...(shape.symbol === undefined ? {} : { sumSymbol: shape.symbol }),
    sentence: sentenceOf(shape, factor, xs.length),
    reverse,
    names,
  };
}

interface Shape {
  readonly shape: RuleShape;
  /** The sum's operator symbol and how many changes it adds; the wire of the factor (scaled). */
  readonly symbol?: string;
  readonly count?: number;
  readonly factor?: number;
}

/** The shape of R read off its drawing (inputs: nX wires of x, then the changes). */
function shapeOf(p: PackedDiagram, nX: number): Shape {
  const c = p.boxes;
  const producer = new Int32Array(p.nWires).fill(-1);
  for (let i = 0; i < c.count; i++) for (let at = c.outStart[i]; at < c.outStart[i + 1]; at++) producer[c.outs[at]] = i;
  const xIn = new Set(Array.from(p.inputs.subarray(0, nX)));
  const dIn = new Set(Array.from(p.inputs.subarray(nX)));
  const args = (i: number) => Array.from(c.ins.subarray(c.inStart[i], c.inStart[i + 1]));
  const gen = (w: number) => (producer[w] < 0 ? undefined : genName(c.gen[producer[w]]));
  const reads = (w: number, set: Set<number>): boolean =>
    set.has(w) || (producer[w] >= 0 && args(producer[w]).some((v) => reads(v, set)));
  const outs = Array.from(p.outputs);
  if (nX === 0) return { shape: 'none' };
  if (outs.every((w) => gen(w) === 'zero')) return { shape: 'zero' };
  if (outs.every((w) => dIn.has(w))) return { shape: 'pass' };
  // one change, a tree of one binary box over the changes alone: R[copy] = add
  const leaves = (w: number, g: string): number =>
    dIn.has(w)
      ? 1
      : gen(w) === g && args(producer[w]).length === 2
        ? args(producer[w]).reduce((n, v) => n + leaves(v, g), 0)
        : Number.NaN;
  if (outs.length === 1 && producer[outs[0]] >= 0) {
    const g = gen(outs[0]) as string;
    const n = leaves(outs[0], g);
    if (n >= 2) return { shape: 'sum', symbol: getGenerator(g).draw.symbol, count: n };
  }
  const xs = Array.from(p.inputs.subarray(0, nX));
  const product = (w: number, other: number) => {
    const ins = producer[w] < 0 ? [] : args(producer[w]);
    return ins.length === 2 && ins.some((v) => dIn.has(v)) && ins.includes(other);
  };
  if (nX === 2 && product(outs[0], xs[1]) && product(outs[1], xs[0])) return { shape: 'product' };
  if (!outs.some((w) => reads(w, xIn))) return { shape: 'linear' };
  // one input, its change d times a factor of x alone: R(x, d) = d·f′(x)
  if (nX === 1 && producer[outs[0]] >= 0) {
    const i = producer[outs[0]];
    const ins = args(i);
    const types = ins.map((v) => p.types[p.wireType[v]]);
    const times = infix(getGenerator(genName(c.gen[i])), c.configs[c.config[i]], types) === PRODUCT;
    const d = ins.findIndex((v) => dIn.has(v));
    if (times && d >= 0 && !reads(ins[1 - d], dIn)) return { shape: 'scaled', factor: ins[1 - d] };
  }
  return { shape: 'general' };
}

function sentenceOf(s: Shape, factor: string | undefined, nX: number): string {
  switch (s.shape) {
    case 'none':
      return 'it has no inputs: no change flows back';
    case 'zero':
      return 'no change flows back: R is zero';
    case 'pass':
      return nX === 1 ? 'the change passes back unchanged' : 'the change is passed to each input';
    case 'sum': {
      const n = COUNT[s.count ?? 0] ?? String(s.count);
      return s.symbol === '+' ? `the ${n} changes are summed` : `the ${n} changes are combined by ${s.symbol}`;
    }
    case 'product':
      return 'each side receives the change times the other';
    case 'scaled':
      return `the change is multiplied by the slope ${factor}`;
    case 'linear':
      return 'the change goes back through a linear map, whatever x is';
    case 'general':
      return 'each input’s change is computed from the inputs and the change';
  }
}
