/**
 * Checking and normalising diagrams that come from outside the constructors (the editor, a
 * file): `validate` re-types every box by its generator's rule; `explicitCopies` makes fan-out
 * an explicit copy box and every unread wire an explicit discard, as docs/architecture.md says.
 */
import { DiagramBuilder } from './builder';
import { normaliseConfig } from './config';
import type { Diagram } from './diagram';
import { DiagramError } from './errors';
import { getGenerator } from './generators/index';
import { readerCounts, topoOrder } from './topology';
import { printProduct, productEquals } from './wire';

/** Throws a typed error unless every box is typed by its rule and every wire has one producer. */
export function validate(d: Diagram): void {
  const produced = new Uint8Array(d.wires.length);
  const mark = (w: number, what: string) => {
    if (w < 0 || w >= d.wires.length) throw new DiagramError(`${what} names wire ${w}, which does not exist`);
    if (produced[w]++) throw new DiagramError(`wire ${w} has two producers (${what})`);
  };
  for (const w of d.inputs) mark(w, 'a boundary input');
  d.boxes.forEach((b, i) => {
    for (const w of b.outputs) mark(w, `${b.gen}#${i}`);
  });
  for (const i of topoOrder(d)) {
    const b = d.boxes[i];
    const gen = getGenerator(b.gen);
    const got = gen.type(
      normaliseConfig(gen, b.config),
      b.inputs.map((w) => d.wires[w]),
    );
    const have = b.outputs.map((w) => d.wires[w]);
    if (!productEquals(got, have))
      throw new DiagramError(`${b.gen}#${i} outputs ${printProduct(got)} but its wires are ${printProduct(have)}`);
  }
  for (const w of d.outputs) if (!produced[w]) throw new DiagramError(`output wire ${w} has no producer`);
}

/** The same diagram with fan-out as copy boxes and unused wires ended by discard boxes. */
export function explicitCopies(d: Diagram): Diagram {
  const uses = readerCounts(d);
  const b = new DiagramBuilder();
  const handout: number[][] = d.wires.map(() => []);
  const handed = new Int32Array(d.wires.length);
  const arrive = (w: number, nw: number) => {
    if (uses[w] === 0) b.box('discard', [nw]);
    else handout[w] = uses[w] === 1 ? [nw] : b.box('copy', [nw], { n: uses[w] });
  };
  const take = (w: number): number => {
    const nw = handout[w][handed[w]++];
    if (nw === undefined) throw new DiagramError(`wire ${w} is read before it is produced`);
    return nw;
  };
  for (const w of d.inputs) arrive(w, b.input(d.wires[w]));
  for (const i of topoOrder(d)) {
    const box = d.boxes[i];
    const outs = b.box(box.gen, box.inputs.map(take), box.config, { source: box.source, pass: box.pass });
    box.outputs.forEach((w, k) => {
      arrive(w, outs[k]);
    });
  }
  b.outputs(d.outputs.map(take));
  return d.term === undefined ? b.build() : b.build(d.term);
}
