/**
 * The optimiser lens U drawn into the learner's step for every learnt wire: get before the
 * forward pass; after the backward pass, advance (the shared state, once a step) and put. Each
 * piece is drawn in its own builder and spliced in under the source 'optimiser', so the Program
 * says where its kernel calls came from. This is the only place that wires an optimiser: the
 * learner's step is what trains and what the optimiser tests run (testing/givenGradient.ts).
 */
import type { DiagramBuilder } from '../core/builder';
import type { HyperName, HyperWires, OptimiserLens } from './optimisers/index';
import { tagged } from './wiring';

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

const forward = { source: 'optimiser', pass: 'forward' } as const;
const backward = { source: 'optimiser', pass: 'backward' } as const;

/** p̃ = get(s, p) for each learnt wire. `h` holds the hyper wires in the order of `o.hypers`. */
export function drawGet(b: DiagramBuilder, o: OptimiserLens, learnt: readonly LearntWire[], h: readonly number[]) {
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
): Put {
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
