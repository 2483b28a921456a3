/**
 * Makes the source map of a step (sourceMap.ts) from what the compiler wrote down about the
 * drawing (compile/sources.ts) and what drawStep wrote down about the step (StepWiring): model
 * wire ↦ step wire ↦ buffer, for values and for changes, then the learner's own wires by their
 * place on the step's boundary (bufferRoles.ts). A buffer nothing names is `inside` the box of
 * the step that made it. Linear in the step's size.
 */
import { TRAINING_SETTINGS } from '../compile/sources';
import type { CompiledModel, LossKind } from '../compile/types';
import type { InlineMap } from '../core/builder';
import type { Diagram } from '../core/diagram';
import { BACKWARD, type PackedProgram, sourceText } from '../core/packed';
import type { Program } from '../core/program';
import type { RdiffMap } from '../core/rdiff';
import { packedOf, packedProgramOf } from '../core/views';
import { Roles, role } from './bufferRoles';
import type { StepLayout } from './learner';
import type { OptimiserLens } from './optimisers/index';
import { PARTS, type PartMarks, type SourceMap, type StepSource, type StepWiring } from './sourceMap';

/** The drawn boxes the loss, α and optimiser steps carry, when what runs is what they say. */
export function learnerIds(model: CompiledModel, loss: LossKind, optimiser: string): SourceMap['learner'] {
  const drawn = model.sources?.learner;
  const sameOptimiser = optimiser === (model.optimiser?.kind ?? 'gd');
  return {
    loss: (loss === model.loss?.kind ? model.loss.box : undefined) ?? TRAINING_SETTINGS,
    'learning-rate': drawn?.learningRate ?? TRAINING_SETTINGS,
    optimiser: (sameOptimiser ? drawn?.optimiser : undefined) ?? TRAINING_SETTINGS,
  };
}

/** The wiring drawStep hands over: the model inlined forward (`fwd`) and its reverse (`rev`, with rdiff's map). */
export function stepWiring(
  parts: PartMarks,
  fwd: InlineMap,
  rev: InlineMap,
  rdiffMap: RdiffMap,
  lossChange: number,
): StepWiring {
  const part = parts.done();
  const modelBox = new Int32Array(part.length).fill(-1);
  fwd.boxes.forEach((stepBox, i) => {
    modelBox[stepBox] = i;
  });
  rev.boxes.forEach((stepBox, k) => {
    modelBox[stepBox] = rdiffMap.box[k];
  });
  const change = rdiffMap.change.map((r) => (r < 0 ? -1 : rev.wires[r]));
  return { value: fwd.wires, change, modelBox, part, lossChange };
}

export interface StepSourceArgs {
  readonly model: CompiledModel;
  readonly layout: StepLayout;
  readonly optimiser: OptimiserLens;
  readonly step: Diagram;
  readonly program: Program;
  readonly wiring: StepWiring;
  readonly ids: SourceMap['learner'];
}

export function stepSourceMap(a: StepSourceArgs): SourceMap {
  // the Program's columns: reading its `steps` and `wireBuffer` would make an object per step
  const cols = packedProgramOf(a.program);
  if (!cols) throw new Error('the step Program is not one lower made');
  const roles = new Roles(a, cols.wireBuffer);
  roles.modelWires();
  roles.boundary();
  const steps = stepSources(a, cols, roles);
  const at = (w: number) => (w < 0 ? -1 : cols.wireBuffer[w]);
  const model = { value: Array.from(a.wiring.value, at), change: Array.from(a.wiring.change, at) };
  const groups = a.model.sources?.groups ?? {};
  return { buffers: roles.buffers, steps, wires: roles.wireIndex(), model, groups, learner: a.ids };
}

/** Program step ↦ the step box that made it: the first box whose first output is its first buffer. */
function makers(step: Diagram, p: PackedProgram): Int32Array {
  const c = packedOf(step).boxes;
  const madeBy = new Int32Array(p.nBuffers).fill(-1);
  // construction order is lowering's order for builder-made diagrams, so the first is the maker
  for (let i = 0; i < c.count; i++) {
    if (c.outStart[i + 1] === c.outStart[i]) continue;
    const b = p.wireBuffer[c.outs[c.outStart[i]]];
    if (b >= 0 && madeBy[b] < 0) madeBy[b] = i;
  }
  const st = p.steps;
  return Int32Array.from({ length: st.count }, (_, k) => madeBy[st.outs[st.outStart[k]]]);
}

function stepSources(a: StepSourceArgs, p: PackedProgram, roles: Roles): StepSource[] {
  const made = makers(a.step, p);
  const st = p.steps;
  const out = new Array<StepSource>(st.count);
  for (let k = 0; k < st.count; k++) {
    const first = st.outs[st.outStart[k]];
    // rdiff leaves the sum of the changes at a model input without a source: its change names the reader
    const box = sourceText(st.source[k], st.sources) ?? roles.buffers[first][0]?.innerBox ?? TRAINING_SETTINGS;
    const part = PARTS[a.wiring.part[made[k]]];
    const modelBox = a.wiring.modelBox[made[k]];
    const pass = st.pass[k] === BACKWARD ? 'backward' : 'forward';
    const { outerBox, innerBox } = roles.place(box);
    for (let o = st.outStart[k]; o < st.outStart[k + 1]; o++)
      if (roles.buffers[st.outs[o]].length === 0) roles.add(st.outs[o], role(pass, 'inside', part, roles.place(box)));
    out[k] =
      part === 'model' && modelBox >= 0
        ? { pass, part, outerBox, innerBox, modelBox }
        : { pass, part, outerBox, innerBox };
  }
  return out;
}
