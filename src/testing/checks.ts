/**
 * The inner-product check of a reverse derivative (JAX's check_vjp): for random points x,
 * directions t and changes c, ⟨J·t, c⟩ = ⟨t, R[f](x, c)⟩, with J·t by central differences on
 * the float64 engine. Returns the worst relative error seen.
 */
import { cod, dom } from '../core/compose';
import type { Diagram } from '../core/diagram';
import type { Rng } from '../core/init';
import { rdiff } from '../core/rdiff';
import { type Domain, dot, evaluate, jvp, randomValue, relErr, type Value } from './numeric';

export interface CheckOptions {
  readonly points?: number;
  readonly directions?: number;
  readonly h?: number;
  /**
   * Below this size the two sides are compared absolutely: ⟨J·t, c⟩ can vanish exactly (softmax
   * then sum is constant), and then only the finite-difference noise (~1e-11) is left.
   */
  readonly floor?: number;
  /** Domain of each input (default 'any'). */
  readonly domains?: readonly (Domain | undefined)[];
  /** Points to keep (e.g. away from kinks); a point it refuses is drawn again, up to 50 times. */
  readonly accept?: (x: Value[]) => boolean;
}

const KINKS = new Set(['relu', 'leakyRelu']);

/**
 * Whether every relu and leaky relu in f sees inputs at least `margin` from 0 at x: there
 * f is smooth, so central differences of step h ≪ margin measure its derivative. An input of
 * exactly 0 at a random point is a locally constant one (x − x, or relu of a negative), so it
 * is no kink that the differences cross.
 */
export function awayFromKinks(f: Diagram, margin = 1e-3): (x: Value[]) => boolean {
  const watched = f.boxes.filter((b) => KINKS.has(b.gen)).map((b) => b.inputs[0]);
  if (watched.length === 0) return () => true;
  const { term: _, ...rest } = f;
  const probe: Diagram = { ...rest, outputs: watched };
  return (x) => evaluate(probe, x).every((v) => v.data.every((e) => e === 0 || Math.abs(e) >= margin));
}

/** A point of f's domain that `accept` takes, or undefined after 50 refusals. */
export function drawPoint(draw: () => Value[], accept: (x: Value[]) => boolean = () => true): Value[] | undefined {
  for (let i = 0; i < 50; i++) {
    const x = draw();
    if (accept(x)) return x;
  }
  return undefined;
}

export function innerProductCheck(f: Diagram, rng: Rng, opts: CheckOptions = {}): number {
  const r = rdiff(f);
  let worst = 0;
  for (let p = 0; p < (opts.points ?? 5); p++) {
    const x = drawPoint(() => dom(f).map((t, i) => randomValue(rng, t, opts.domains?.[i])), opts.accept);
    if (!x) throw new Error('innerProductCheck: no point the accept option takes in 50 draws');
    const c = cod(f).map((t) => randomValue(rng, t));
    const rx = evaluate(r, [...x, ...c]);
    for (let k = 0; k < (opts.directions ?? 3); k++) {
      const t = dom(f).map((ty) => randomValue(rng, ty));
      worst = Math.max(worst, relErr(dot(jvp(f, x, t, opts.h), c), dot(t, rx), opts.floor ?? 1e-4));
    }
  }
  return worst;
}
