/**
 * The compiler's errors indexed by box and by wire, built once per compile. Each box and wire
 * selects its own list on every store change; a lookup returning the same array (or the one
 * shared empty list) lets them skip re-rendering without comparing lists element by element.
 */
import type { CompileError, CompileResult } from '../../compile/types';

const NONE: readonly CompileError[] = [];

interface ErrorIndex {
  readonly box: ReadonlyMap<string, readonly CompileError[]>;
  readonly wire: ReadonlyMap<string, readonly CompileError[]>;
}

const indexes = new WeakMap<CompileResult, ErrorIndex>();

function indexOf(compiled: CompileResult): ErrorIndex {
  const known = indexes.get(compiled);
  if (known) return known;
  const box = new Map<string, CompileError[]>();
  const wire = new Map<string, CompileError[]>();
  for (const e of compiled.errors) {
    if (e.box !== undefined) box.set(e.box, [...(box.get(e.box) ?? []), e]);
    if (e.wire !== undefined) wire.set(e.wire, [...(wire.get(e.wire) ?? []), e]);
  }
  const index = { box, wire };
  indexes.set(compiled, index);
  return index;
}

export function errorsOf(compiled: CompileResult | null, kind: 'box' | 'wire', id: string): readonly CompileError[] {
  if (!compiled || compiled.errors.length === 0) return NONE;
  return indexOf(compiled)[kind].get(id) ?? NONE;
}
