/**
 * The teacher's orders to everyone (docs/class.md#during-the-class): each is a count in the
 * class's room that the teacher raises by one. A student acts on a rise it sees, never on the
 * count it found when joining or reconnecting, so an old order is not carried out again.
 */

/** The orders a teacher gives every student: each names its count in the class's map. */
export const ORDERS = ['pause', 'reset'] as const;
export type Order = (typeof ORDERS)[number];

/** A count as read from the room: anything but a finite non-negative number reads as 0. */
export const countOf = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);

/**
 * Which orders a student carries out, given the counts it saw last (null before the first sync)
 * and the counts now; `seen` is what to remember next (kept null until synced).
 */
export function risen(
  seen: Readonly<Record<Order, number>> | null,
  now: Readonly<Record<Order, unknown>>,
  synced: boolean,
): { readonly act: readonly Order[]; readonly seen: Readonly<Record<Order, number>> | null } {
  const counts = { pause: countOf(now.pause), reset: countOf(now.reset) };
  const act = seen === null ? [] : ORDERS.filter((o) => counts[o] > seen[o]);
  return { act, seen: synced ? counts : seen };
}
