/**
 * The node graph the import's patterns (patterns.ts, normPattern.ts) walk: who makes each value,
 * how many read it, and the constants among its inputs.
 */
import type { OnnxNode, OnnxTensor } from '../model';

export type Constant = (name: string) => OnnxTensor | undefined;

/** Finds the producer of each value and how many nodes (or graph outputs) read it. */
export class Graph {
  readonly producer = new Map<string, OnnxNode>();
  readonly readers = new Map<string, number>();
  constructor(
    nodes: readonly OnnxNode[],
    outputs: readonly string[],
    readonly constant: Constant,
  ) {
    for (const n of nodes) for (const o of n.outputs) this.producer.set(o, n);
    for (const name of [...nodes.flatMap((n) => n.inputs), ...outputs])
      this.readers.set(name, (this.readers.get(name) ?? 0) + 1);
  }

  /** The scalar value of a constant input, if it is one. */
  scalar(name: string): number | undefined {
    const t = this.constant(name);
    return t && t.values.length === 1 ? Number(t.values[0]) : undefined;
  }

  /** The node making `name` if it is `op` and read only once (so it can be folded away). */
  only(name: string, op: string): OnnxNode | undefined {
    const n = this.producer.get(name);
    return n && n.opType === op && this.readers.get(name) === 1 ? n : undefined;
  }
}

export const near = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) <= 1e-6 * Math.abs(b);

/** The operands of a binary node as [the one made by the graph, the constant c], either order. */
export function withConstant(g: Graph, n: OnnxNode | undefined, c: number): string | undefined {
  if (!n) return undefined;
  const [a, b] = n.inputs;
  if (near(g.scalar(b), c)) return a;
  if (near(g.scalar(a), c)) return b;
  return undefined;
}
