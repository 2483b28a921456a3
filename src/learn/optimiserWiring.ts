/**
 * The optimiser lens U drawn into the learner's step for every learnt wire: get before the
 * forward pass; after the backward pass, advance (the shared state, once a step) and put. Each
 * piece is drawn in its own builder and spliced in under the optimiser box's source, so the Program
 * says where its kernel calls came from. This is the only place that wires an optimiser: the
 * learner's step is what trains and what the optimiser tests run (testing/givenGradient.ts).
 */
import { DiagramBuilder } from '../core/builder';
import type { Diagram } from '../core/diagram';
import type { WireType } from '../core/wire';
import { type HyperName, type HyperWires, type OptimiserLens, stateType } from './optimisers/index';
import { scalarType, tagged } from './wiring';

/** A learnt wire p and its own state wires s, in the order of the optimiser's own state specs. */
export interface LearntWire {
  readonly p: number;
  readonly s: readonly number[];
}

/** Hands out a flat list of wires in order: `take(n)` is the next n of them. */
export function reader(wires: readonly number[]): (n: number) => number[] {
  let at = 0;
  return (n) => {
    at += n;
    return wires.slice(at - n, at);
  };
}

const named = (names: readonly HyperName[], wires: readonly number[]): HyperWires =>
  Object.fromEntries(names.map((name, i) => [name, wires[i]]));

/** p̃ = get(s, p) for each learnt wire. `h` holds the hyper wires in the order of `o.hypers`. */
export function drawGet(
  b: DiagramBuilder,
  o: OptimiserLens,
  learnt: readonly LearntWire[],
  h: readonly number[],
  source: string,
) {
  const forward = { source, pass: 'forward' } as const;
  return learnt.map(({ p, s }) => {
    const [got] = tagged(b, forward, [p, ...s, ...h], (sub, ws) => {
      const take = reader(ws);
      const [q] = take(1);
      const own = take(s.length);
      return [o.get(sub, q, own, named(o.hypers, take(h.length)))];
    });
    return got;
  });
}

export interface Put {
  /** p⁺ and s⁺ of each learnt wire, and the shared state's next values. */
  readonly learnt: readonly LearntWire[];
  readonly shared: readonly number[];
}

/** The shared state moves on once; then (s⁺, p⁺) = put(s, p, p') for each learnt wire. */
export function drawPut(
  b: DiagramBuilder,
  o: OptimiserLens,
  learnt: readonly (LearntWire & { readonly dp: number })[],
  shared: readonly number[],
  h: readonly number[],
  source: string,
): Put {
  const backward = { source, pass: 'backward' } as const;
  const advance = o.advance?.bind(o);
  const advanced = advance
    ? tagged(b, backward, [...shared, ...h], (sub, ws) => {
        const take = reader(ws);
        const a = advance(sub, take(shared.length), named(o.hypers, take(h.length)));
        return [...a.s, ...a.c];
      })
    : [];
  const after = reader(advanced);
  const sharedNext = after(shared.length);
  const c = after(advanced.length - shared.length);
  const next = learnt.map(({ p, s, dp }) => {
    const outs = tagged(b, backward, [p, ...s, dp, ...h, ...c], (sub, ws) => {
      const take = reader(ws);
      const [q] = take(1);
      const own = take(s.length);
      const [change] = take(1);
      const u = o.put(sub, q, own, change, named(o.hypers, take(h.length)), take(c.length));
      return [u.p, ...u.s];
    });
    return { p: outs[0], s: outs.slice(1) };
  });
  return { learnt: next, shared: sharedNext };
}

/**
 * U for one learnt wire on its own, as a diagram (p, s…, h…, p′) → (p̃, p⁺, s⁺…), the state
 * wires in the order of `o.state` (shared ones included: with one learnt wire, advance runs for
 * it alone). Drawn by drawGet and drawPut, so what it shows is what the learner trains with.
 */
export function updateDiagram(o: OptimiserLens, t: WireType, source = 'optimiser'): Diagram {
  const b = new DiagramBuilder();
  const p = b.input(t);
  const s = b.inputs(o.state.map((spec) => stateType(spec, t)));
  const h = b.inputs(o.hypers.map(() => scalarType));
  const dp = b.input(t);
  const own = s.filter((_, i) => !o.state[i].shared);
  const shared = s.filter((_, i) => o.state[i].shared);
  const [got] = drawGet(b, o, [{ p, s: own }], h, source);
  const next = drawPut(b, o, [{ p, s: own, dp }], shared, h, source);
  const ownNext = [...next.learnt[0].s];
  const sharedNext = [...next.shared];
  const stateNext = o.state.map((spec) => (spec.shared ? sharedNext.shift() : ownNext.shift()) as number);
  b.outputs([got, next.learnt[0].p, ...stateNext]);
  return b.build(`U[${o.kind}]`);
}
