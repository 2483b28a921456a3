import type { PaletteEntry } from './palette';
import { parseSignatureQuery, signatureMatches } from './signatureSearch';

/**
 * Entries matching a query: a signature (`ℝ^4 → ℝ^3`) by type, anything else by name, description
 * and the signature in either notation (`weights` finds the boxes that take some).
 */
export function filterPalette(entries: readonly PaletteEntry[], query: string): PaletteEntry[] {
  const q = query.trim();
  if (!q) return [...entries];
  const sig = parseSignatureQuery(q);
  if (sig) return entries.filter((e) => e.signatureData !== null && signatureMatches(e.signatureData, sig));
  const needle = q.toLowerCase();
  return entries.filter((e) =>
    `${e.name} ${e.generator} ${e.description} ${e.signature} ${e.plainSignature}`.toLowerCase().includes(needle),
  );
}
