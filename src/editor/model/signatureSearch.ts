/**
 * Search by type: `ℝ^4 → ℝ^3` (also `R^4 -> R^3`, `Z2^8 -> Z2`) matches every generator whose
 * signature can be instantiated to it — the names in a signature (n, in, out) are variables,
 * bound consistently across the whole signature.
 */
import type { Field } from '../../core/wire';
import type { Signature } from './signature';

interface QueryType {
  readonly field: Field;
  readonly shape: readonly number[];
}
export interface SignatureQuery {
  readonly dom: readonly QueryType[];
  readonly cod: readonly QueryType[];
}

function parseType(text: string): QueryType | null {
  const m = /^(ℝ|R|real|ℤ₂|Z2|z2|ℤ2)\s*(?:\^\s*\{?([\d\s×x*,]+)\}?)?\s*ᵖ?$/i.exec(text.trim());
  if (!m) return null;
  const field: Field = /^(ℝ|R|real)$/i.test(m[1]) ? 'real' : 'z2';
  const shape = m[2]
    ? m[2]
        .split(/[×x*,\s]+/)
        .filter(Boolean)
        .map(Number)
    : [];
  return shape.every((n) => Number.isInteger(n) && n > 0) ? { field, shape } : null;
}

function parseSide(text: string): QueryType[] | null {
  const t = text.trim();
  if (t === 'I' || t === '') return [];
  const parts = t.split(/⊗|\*\*|,|&/).map(parseType);
  return parts.every((p) => p !== null) ? (parts as QueryType[]) : null;
}

/** The query as a signature, or null when it is not one (then it is searched as a name). */
export function parseSignatureQuery(text: string): SignatureQuery | null {
  const sides = text.split(/→|->/);
  if (sides.length !== 2) return null;
  const dom = parseSide(sides[0]);
  const cod = parseSide(sides[1]);
  return dom && cod ? { dom, cod } : null;
}

export function signatureMatches(sig: Signature, q: SignatureQuery): boolean {
  const bound = new Map<string, number>();
  const unify = (want: QueryType, got: Signature['dom'][number]) => {
    if (want.field !== got.field || want.shape.length !== got.shape.length) return false;
    return got.shape.every((size, i) => {
      const name = sig.names.get(size);
      if (!name) return size === want.shape[i];
      const b = bound.get(name);
      if (b === undefined) bound.set(name, want.shape[i]);
      return (b ?? want.shape[i]) === want.shape[i];
    });
  };
  const side = (ws: readonly QueryType[], gs: Signature['dom']) =>
    ws.length === gs.length && ws.every((w, i) => unify(w, gs[i]));
  return side(q.dom, sig.dom) && side(q.cod, sig.cod);
}
