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
}

export function innerProductCheck(f: Diagram, rng: Rng, opts: CheckOptions = {}): number {
  const r = rdiff(f);
  let worst = 0;
  for (let p = 0; p < (opts.points ?? 5); p++) {
    const x: Value[] = dom(f).map((t, i) => randomValue(rng, t, opts.domains?.[i]));
    const c = cod(f).map((t) => randomValue(rng, t));
    const rx = evaluate(r, [...x, ...c]);
    for (let k = 0; k < (opts.directions ?? 3); k++) {
      const t = dom(f).map((ty) => randomValue(rng, ty));
      worst = Math.max(worst, relErr(dot(jvp(f, x, t, opts.h), c), dot(t, rx), opts.floor ?? 1e-4));
    }
  }
  return worst;
}
