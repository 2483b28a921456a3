/**
 * `tsx bench/profile/core/golden.ts > out.txt`: a hash of the JSON of what the compiler makes for
 * 4,359 cases — 300 random diagrams (the diagram, R, the lens, R[R[f]], their lowerings, lenses
 * with some changes, fused Programs, explicit copies, tensors, the boxes shuffled), 50 ℤ₂
 * circuits, chains and wide diagrams. Run it before and after a change to the core's storage or
 * passes and `diff` the two files: a change that should keep the output must keep every line.
 */
import { createHash } from 'node:crypto';
import { explicitCopies, lower, lowerLens, mulberry32, rdiff, tensor } from '../../../src/core';
import { fuseProgram } from '../../../src/core/fuse';
import { randomCircuit, randomDiagram, randomDom } from '../../../src/testing/arbitrary';
import { chain, wide } from '../../shared/diagrams';

const h = (x: unknown) => createHash('sha1').update(JSON.stringify(x)).digest('hex').slice(0, 12);
const out: string[] = [];
const rec = (name: string, f: () => unknown) => {
  try {
    out.push(`${name} ${h(f())}`);
  } catch (e) {
    out.push(`${name} ERR ${(e as Error).message}`);
  }
};
for (let s = 0; s < 300; s++) {
  const rng = mulberry32(1000 + s);
  const d = randomDiagram(rng, randomDom(rng));
  rec(`d${s}`, () => d);
  rec(`r${s}`, () => rdiff(d));
  rec(`lens${s}`, () => rdiff(d, { keepForward: true }));
  rec(`rr${s}`, () => rdiff(rdiff(d)));
  rec(`low${s}`, () => lower(rdiff(d)));
  rec(`lowrr${s}`, () => lower(rdiff(rdiff(d))));
  rec(`ll${s}`, () => lowerLens(d));
  rec(`llc${s}`, () => lowerLens(d, { changes: [0], forward: false }));
  rec(`fuse${s}`, () => fuseProgram(lowerLens(d)));
  rec(`copies${s}`, () => explicitCopies(d));
  rec(`comp${s}`, () => lower(rdiff(tensor(d, d))));
  const shuffled = { wires: d.wires, boxes: [...d.boxes].reverse(), inputs: d.inputs, outputs: d.outputs };
  rec(`sh${s}`, () => rdiff(shuffled));
  rec(`shl${s}`, () => lowerLens(shuffled));
  rec(`shrr${s}`, () => lower(rdiff(rdiff(shuffled))));
}
for (let s = 0; s < 50; s++) {
  const rng = mulberry32(5000 + s);
  const c = randomCircuit(rng, 3 + (s % 4), 1 + (s % 3));
  rec(`c${s}`, () => c);
  rec(`cr${s}`, () => rdiff(c));
  rec(`cl${s}`, () => lowerLens(c));
}
for (const n of [10, 100, 1000]) {
  rec(`chain${n}`, () => lower(rdiff(chain(n))));
  rec(`wide${n}`, () => lower(rdiff(wide(n))));
  rec(`wr${n}`, () => rdiff(wide(n)));
}
console.log(out.join('\n'));
