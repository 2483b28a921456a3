/**
 * The sizes a box's config sets, as the canvas prints them beside its name (`linear 4→3`,
 * `parameter 2×1`, `correlate2d k3 ×5`): whatever in the config changes the box's type — counts
 * and shapes — and nothing else (an initialiser or a loss kind does not change a type). Only
 * values written in the config are shown, so a box shows its sizes as soon as they are set.
 */
import type { Config } from '../../core/diagram';
import type { BoxConfigField } from '../../kinds/boxKinds';

const SIZE_KINDS: ReadonlySet<string> = new Set(['int', 'number', 'shape']);

const shapeText = (v: unknown): string | null =>
  Array.isArray(v) && v.every((n) => typeof n === 'number') ? (v.length === 0 ? 'scalar' : v.join('×')) : null;

export function configCaption(fields: readonly BoxConfigField[], config: Config): string {
  const c = config as Readonly<Record<string, unknown>>;
  if (typeof c.in === 'number' && typeof c.out === 'number') return `${c.in}→${c.out}`;
  const parts: string[] = [];
  for (const f of fields) {
    const v = c[f.key];
    if (v === undefined || !SIZE_KINDS.has(f.kind)) continue;
    if (f.kind === 'shape' && f.length !== undefined) {
      // a fixed-length list (a correlation's pads, strides): named, and only when not its default
      if (Array.isArray(v) && JSON.stringify(v) !== JSON.stringify(f.default)) parts.push(`${f.key} ${v.join(',')}`);
    } else if (f.kind === 'shape') {
      const text = shapeText(v);
      if (text) parts.push(text);
    } else if (typeof v === 'number')
      parts.push(f.key === 'out' || f.key === 'in' ? `${f.key} ${v}` : `${f.label} ${v}`);
  }
  return parts.join(', ');
}
