/**
 * What every target's graph writer shares (docs/export.md): value names that never collide,
 * `<box>/<what>` after the node being written, and the batch size read off the graph's first
 * batched input, made once and named for no box.
 */
import type { ExportNode } from './graph';

export abstract class GraphWriter {
  private readonly taken: Set<string>;
  private batchValue: string | undefined;
  /** The node being written, whose name prefixes every value it makes. */
  current: ExportNode | undefined;

  constructor(
    taken: Iterable<string>,
    /** The first batched graph input, whose leading dimension is the batch size. */
    protected readonly batchedInput: string | undefined,
  ) {
    this.taken = new Set(taken);
  }

  /** A value name not yet used: `<box>/<what>`, else `<box>/<what>_2`, `_3`… */
  fresh(what: string): string {
    const base = `${this.current?.box ?? this.current?.gen ?? 'lensboard'}/${what}`;
    let name = base;
    for (let k = 2; this.taken.has(name); k++) name = `${base}_${k}`;
    this.taken.add(name);
    return name;
  }

  /** The batch-size value `make` writes, written once for the whole graph, outside any node. */
  protected batchOnce(make: (input: string) => string): string {
    if (this.batchValue === undefined) {
      const saved = this.current;
      this.current = undefined;
      try {
        this.batchValue = make(this.batchedInput as string);
      } finally {
        this.current = saved;
      }
    }
    return this.batchValue;
  }
}
