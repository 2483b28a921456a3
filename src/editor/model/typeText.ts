import { printType, type WireType } from '../../core/wire';

// Selectors run on every store change (300 wires, on each pointer move over a box): each type
// object is printed once.
const printed = new WeakMap<WireType, string>();

/** A wire type as people read it (`ℝ^3`), or undefined when not inferred. */
export function typeText(t: WireType | undefined): string | undefined {
  if (!t) return undefined;
  const known = printed.get(t);
  if (known !== undefined) return known;
  const text = printType(t);
  printed.set(t, text);
  return text;
}
