/**
 * Copying boxes of another packed diagram into a builder's columns (./builderColumns): a whole
 * diagram at once (`Splicer.splice`, behind the builder's `inline`, and rdiff's reverse pass)
 * or one box (`copyBox`, rdiff's forward pass). Both renumber wires, types and configs into the
 * builder's numbering and allocate nothing but what they record. A splice checks everything
 * before it records anything, so a thrown error leaves the builder as it was.
 */

import type { BuilderColumns } from './builderColumns';
import type { Diagram } from './diagram';
import { boxNames, CompositionError, DiagramError } from './errors';
import type { PackedDiagram } from './packed';
import { cachedTopoIndexOf } from './topology';
import { packedOf } from './views';
import { typeEquals } from './wire';

/**
 * Copies box `i` of the packed diagram `p`, reading the first `nIn` wires of `inputs` and with
 * source code `source` in the columns' numbering; returns its first output wire — the others
 * follow it.
 */
export function copyBox(
  cols: BuilderColumns,
  p: PackedDiagram,
  i: number,
  inputs: ArrayLike<number>,
  source: number,
  pass: number,
): number {
  const c = p.boxes;
  const first = cols.wireType.length;
  const from = c.outStart[i];
  const nOut = c.outStart[i + 1] - from;
  for (let k = 0; k < nOut; k++) cols.wireType.push(cols.types.id(p.types[p.wireType[c.outs[from + k]]]));
  const nIn = c.inStart[i + 1] - c.inStart[i];
  for (let k = 0; k < nIn; k++) cols.ins.push(inputs[k]);
  for (let k = 0; k < nOut; k++) cols.outs.push(first + k);
  cols.close(c.gen[i], cols.configs.id(c.configs[c.config[i]]), source, pass);
  return first;
}

/** Splices whole diagrams, keeping its maps (wires, and the spliced diagram's types and configs) from one call to the next. */
export class Splicer {
  private wireMap = new Int32Array(64);
  private typeMap = new Int32Array(8);
  private configMap = new Int32Array(8);

  /** After a splice of `p`: the columns' wire for each wire of `p` (a copy). */
  wiresOf(p: PackedDiagram): Int32Array {
    return this.wireMap.slice(0, p.nWires);
  }

  /**
   * Binds `d`'s inputs to the first `nIn` of `inputs`, writes the wires of its outputs into
   * `out` (from 0). `source` (a code of the columns) and `pass` (a pass code), when given,
   * override those of `d`'s boxes.
   */
  splice(
    cols: BuilderColumns,
    d: Diagram,
    inputs: ArrayLike<number>,
    nIn: number,
    source: number | undefined,
    pass: number | undefined,
    out: number[],
  ): void {
    const p = packedOf(d);
    checkInputs(cols, d, p, inputs, nIn);
    const c = p.boxes;
    this.clearMaps(p);
    const map = this.wireMap;
    const typeMap = this.typeMap;
    const configMap = this.configMap;
    // everything is checked before anything is recorded: an output no box or input makes, a
    // box reading such a wire (the topological order throws) — the builder is then left as it was
    for (let at = 0; at < c.outs.length; at++) map[c.outs[at]] = 0;
    for (let i = 0; i < p.inputs.length; i++) map[p.inputs[i]] = inputs[i];
    for (let k = 0; k < p.outputs.length; k++)
      if (!(map[p.outputs[k]] >= 0))
        throw new DiagramError(`output wire ${p.outputs[k]} of the inlined diagram has no producer`);
    const order = cachedTopoIndexOf(p);
    for (let n = 0; n < c.count; n++) {
      const i = order === null ? n : order[n];
      const first = cols.wireType.length;
      for (let at = c.outStart[i]; at < c.outStart[i + 1]; at++) {
        const w = c.outs[at];
        map[w] = cols.wireType.length;
        const t = p.wireType[w];
        if (typeMap[t] < 0) typeMap[t] = cols.types.id(p.types[t]);
        cols.wireType.push(typeMap[t]);
      }
      for (let at = c.inStart[i]; at < c.inStart[i + 1]; at++) cols.ins.push(map[c.ins[at]]);
      for (let w = first; w < cols.wireType.length; w++) cols.outs.push(w);
      const k = c.config[i];
      if (configMap[k] < 0) configMap[k] = cols.configs.id(c.configs[k]);
      cols.close(c.gen[i], configMap[k], source ?? cols.sourceCode(c.source[i], p), pass ?? c.pass[i]);
    }
    for (let k = 0; k < p.outputs.length; k++) out[k] = map[p.outputs[k]];
  }

  /** Grows the maps to fit `p` and clears them to −1 over its wires, types and configs. */
  private clearMaps(p: PackedDiagram): void {
    const c = p.boxes;
    if (this.wireMap.length < p.nWires) this.wireMap = new Int32Array(Math.max(p.nWires, 2 * this.wireMap.length));
    if (this.typeMap.length < p.types.length)
      this.typeMap = new Int32Array(Math.max(p.types.length, 2 * this.typeMap.length));
    if (this.configMap.length < c.configs.length)
      this.configMap = new Int32Array(Math.max(c.configs.length, 2 * this.configMap.length));
    this.typeMap.fill(-1, 0, p.types.length);
    this.configMap.fill(-1, 0, c.configs.length);
    this.wireMap.fill(-1, 0, p.nWires);
  }
}

/** Throws, naming both sides, unless the first `nIn` wires have the types of `d`'s inputs. */
function checkInputs(cols: BuilderColumns, d: Diagram, p: PackedDiagram, inputs: ArrayLike<number>, nIn: number): void {
  let matches = nIn === p.inputs.length;
  for (let k = 0; k < nIn; k++) {
    const t = cols.typeOf(inputs[k]);
    if (matches) {
      const want = p.types[p.wireType[p.inputs[k]]];
      matches = t === want || typeEquals(t, want);
    }
  }
  if (!matches)
    throw new CompositionError(
      Array.from({ length: nIn }, (_, k) => cols.typeOf(inputs[k])),
      Array.from(p.inputs, (w) => p.types[p.wireType[w]]),
      boxNames(d.boxes),
      'the wires given do not match the inputs of the inlined diagram',
    );
}
