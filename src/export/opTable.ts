/**
 * One op table per target (docs/export.md): every generator of the registry maps to what the
 * target writes for it, or is refused with the reason why. A target never guesses: a graph
 * holding a refused generator is refused as a whole, each refusal naming its generator and the
 * drawn box it came from. The test beside each table lists the registry's generators the table
 * forgot, so a generator added to the core without a mapping in every table fails `npm test`.
 */
import { allGenerators } from '../core/generators/index';
import type { ExportGraph, ExportNode } from './graph';

/** No form in the target, and why (a sentence a user reads after "<gen> has no <Target> form: "). */
export interface Refusal {
  readonly refused: string;
}

/** Each generator id ↦ the target's mapping `M`, or a refusal. */
export type OpTable<M> = Readonly<Record<string, M | Refusal>>;

/** A table's entry for a generator the target has no form of. */
export const refused = (why: string): Refusal => ({ refused: why });

export const isRefusal = <M>(entry: M | Refusal | undefined): entry is Refusal =>
  typeof entry === 'object' && entry !== null && 'refused' in entry;

/** Thrown when a graph holds generators the target cannot express; `message` names every one. */
export class UnsupportedOpError extends Error {
  constructor(
    readonly target: string,
    readonly refusals: readonly { readonly gen: string; readonly box?: string; readonly reason: string }[],
  ) {
    super(
      refusals.map((r) => `${r.gen} has no ${target} form${r.box ? ` (box '${r.box}')` : ''}: ${r.reason}`).join('\n'),
    );
    this.name = 'UnsupportedOpError';
  }
}

/**
 * The mapping of every node of `graph`, in node order; refuses the graph naming each generator
 * (once per drawn box) the table refuses or does not list.
 */
export function mapNodes<M>(target: string, table: OpTable<M>, graph: ExportGraph): { node: ExportNode; op: M }[] {
  const refusals: { gen: string; box?: string; reason: string }[] = [];
  const seen = new Set<string>();
  const mapped: { node: ExportNode; op: M }[] = [];
  for (const node of graph.nodes) {
    const entry = Object.hasOwn(table, node.gen) ? table[node.gen] : undefined;
    if (entry !== undefined && !isRefusal(entry)) {
      mapped.push({ node, op: entry });
      continue;
    }
    const key = `${node.gen}:${node.box ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const reason = isRefusal(entry) ? entry.refused : `the ${target} op table has no entry for it`;
    refusals.push({ gen: node.gen, ...(node.box === undefined ? {} : { box: node.box }), reason });
  }
  if (refusals.length > 0) throw new UnsupportedOpError(target, refusals);
  return mapped;
}

/** What `mapNodes` would refuse in `graph` (each generator named), or undefined when the table maps all of it. */
export function refusalOf<M>(target: string, table: OpTable<M>, graph: ExportGraph): UnsupportedOpError | undefined {
  try {
    mapNodes(target, table, graph);
    return undefined;
  } catch (e) {
    if (e instanceof UnsupportedOpError) return e;
    throw e;
  }
}

/** The registry's generators a table neither maps nor refuses (for each table's completeness test). */
export function missingFromTable(table: OpTable<unknown>): string[] {
  return allGenerators()
    .map((g) => g.id)
    .filter((id) => !Object.hasOwn(table, id));
}

/** Entries of a table naming no generator of the registry (a renamed or removed generator). */
export function unknownInTable(table: OpTable<unknown>): string[] {
  const known = new Set(allGenerators().map((g) => g.id));
  return Object.keys(table).filter((id) => !known.has(id));
}
