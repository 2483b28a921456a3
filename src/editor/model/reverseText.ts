/**
 * A generator's reverse derivative written out, `R[linear]((W, x), dy) = (outer(x, dy), linearT(W, dy))`:
 * the core's R[f] diagram printed as expressions over the names of the box's ports.
 */

import { getGenerator, hasGenerator, reverseOf } from '../../core';
import type { Config, Diagram } from '../../core/diagram';
import { boxLabel } from '../../core/term';
import type { WireType } from '../../core/wire';

function expressions(d: Diagram, inputNames: readonly string[]): string[] {
  const name: string[] = [];
  d.inputs.forEach((w, i) => {
    name[w] = inputNames[i] ?? `x${i}`;
  });
  for (const b of d.boxes) {
    const label = boxLabel(b, d);
    const args = b.inputs.map((w) => name[w] ?? '?').join(', ');
    b.outputs.forEach((w, k) => {
      name[w] = `${label}(${args})${b.outputs.length > 1 ? `#${k}` : ''}`;
    });
  }
  return d.outputs.map((w) => name[w] ?? '?');
}

const tuple = (xs: readonly string[]) => (xs.length === 1 ? xs[0] : `(${xs.join(', ')})`);

export function reverseText(generator: string, config: Config, inputTypes: readonly WireType[]): string | null {
  if (!hasGenerator(generator)) return null;
  const g = getGenerator(generator);
  const ports = g.ports(config);
  const xs = ports.inputs.map((p) => p.name);
  const ds = ports.outputs.map((p) => `d${p.name}`);
  let rev: Diagram;
  try {
    rev = reverseOf(generator, config, inputTypes);
  } catch {
    return null;
  }
  const changes = expressions(rev, [...xs, ...ds]);
  return `R[${g.label}](${tuple(xs)}, ${tuple(ds)}) = ${tuple(changes.length ? changes : ['()'])}`;
}
