/**
 * The numbers of the conformance suite: every case draws from a seed made of its own id, so
 * adding a case changes no other case's files. Values are float32, so a float32 runtime reads
 * exactly what the float64 reference read.
 */
import type { Rng } from '../../core/init';
import type { WireType } from '../../core/wire';

/** A seed from a case's id (FNV-1a). */
export function seedOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** n float32 values: 0 or 1 on a ℤ₂ wire, else uniform in [lo, hi). */
export function drawValues(rng: Rng, n: number, field: WireType['field'], lo: number, hi: number): Float32Array {
  return Float32Array.from({ length: n }, () => (field === 'z2' ? Math.floor(rng() * 2) : lo + (hi - lo) * rng()));
}
