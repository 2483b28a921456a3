/**
 * Makes the source map of a step (sourceMap.ts) from what the compiler wrote down about the
 * drawing (compile/sources.ts) and what drawStep wrote down about the step (StepWiring): model
 * wire ↦ step wire ↦ buffer, for values and for changes, then the learner's own wires by their
 * place on the step's boundary. A buffer nothing names is `inside` the box of the step that
 * made it. Linear in the step's size.
 */
import type { ModelSources } from '../compile/sources';
import { TRAINING_SETTINGS } from '../compile/sources';
import type { CompiledModel, LossKind } from '../compile/types';
import type { InlineMap } from '../core/builder';
import type { Diagram } from '../core/diagram';
import type { Program } from '../core/program';
import type { RdiffMap } from '../core/rdiff';
import { packedOf } from '../core/views';
import type { PortRef } from '../io/document';
import type { StepLayout } from './learner';
import { type OptimiserLens, ownState, sharedState } from './optimisers/index';
import { type BufferRole, PARTS, type PartMarks, type SourceMap, type StepSource, type StepWiring } from './sourceMap';

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
  const roles = new Roles(a);
  roles.modelWires();
  roles.boundary();
  const steps = stepSources(a, roles);
  return { buffers: roles.buffers, steps, wires: roles.wireIndex(), learner: a.ids };
}

/** Program step ↦ the step box that made it: the first box whose first output is its first buffer. */
function makers(step: Diagram, program: Program): Int32Array {
  const c = packedOf(step).boxes;
  const wb = program.wireBuffer;
  const madeBy = new Int32Array(program.nBuffers).fill(-1);
  // construction order is lowering's order for builder-made diagrams, so the first is the maker
  for (let i = 0; i < c.count; i++) {
    if (c.outStart[i + 1] === c.outStart[i]) continue;
    const b = wb[c.outs[c.outStart[i]]];
    if (b >= 0 && madeBy[b] < 0) madeBy[b] = i;
  }
  return Int32Array.from(program.steps, (s) => madeBy[s.outputs[0]]);
}

function stepSources(a: StepSourceArgs, roles: Roles): StepSource[] {
  const made = makers(a.step, a.program);
  return a.program.steps.map((s, k) => {
    // rdiff leaves the sum of the changes at a model input without a source: its change names the reader
    const box = s.source ?? roles.buffers[s.outputs[0]][0]?.innerBox ?? TRAINING_SETTINGS;
    const part = PARTS[a.wiring.part[made[k]]];
    const modelBox = a.wiring.modelBox[made[k]];
    const at = { pass: s.pass, part, ...roles.place(box) };
    for (const b of s.outputs) if (roles.buffers[b].length === 0) roles.add(b, { ...at, kind: 'inside' });
    return part === 'model' && modelBox >= 0 ? { ...at, modelBox } : at;
  });
}

/** The roles of every buffer, filled from the model's wires, then from the step's boundary. */
class Roles {
  readonly buffers: BufferRole[][];
  private readonly sources: ModelSources | undefined;
  /** Drawn wires by the port they leave and by the port they enter. */
  private readonly leaving = new Map<string, string[]>();
  private readonly entering = new Map<string, string>();

  constructor(private readonly a: StepSourceArgs) {
    this.buffers = Array.from({ length: a.program.nBuffers }, () => []);
    this.sources = a.model.sources;
    for (const [id, w] of Object.entries(this.sources?.drawn ?? {})) {
      const from = key(w.from);
      this.leaving.set(from, [...(this.leaving.get(from) ?? []), id]);
      for (const to of w.to) this.entering.set(key(to), id);
    }
  }

  add(buffer: number, role: BufferRole): void {
    if (buffer >= 0) this.buffers[buffer].push(role);
  }

  place(box: string): { outerBox: string; innerBox: string } {
    return { outerBox: this.sources?.groups[box]?.[0] ?? box, innerBox: box };
  }

  private wiresFrom(port: PortRef): string[] {
    return this.leaving.get(key(port)) ?? [];
  }

  private wireInto(port: PortRef): string[] {
    const w = this.entering.get(key(port));
    return w === undefined ? [] : [w];
  }

  /** The wire into the loss's label port is the label's own (the step's y), never a model input's. */
  private labelWire(): string | undefined {
    const loss = this.sources?.learner.loss;
    return loss === undefined ? undefined : this.entering.get(key({ box: loss, port: 'y' }));
  }

  /** Values and changes of the model diagram's wires. */
  modelWires(): void {
    const s = this.sources;
    if (!s) return;
    const { value, change } = this.a.wiring;
    const wb = this.a.program.wireBuffer;
    const f = packedOf(this.a.model.diagram);
    const inserted = new Set(s.inserted);
    const producer = new Int32Array(f.nWires).fill(-1);
    const splits = new Uint8Array(f.nWires);
    for (let i = 0; i < f.boxes.count; i++) {
      for (let at = f.boxes.outStart[i]; at < f.boxes.outStart[i + 1]; at++) producer[f.boxes.outs[at]] = i;
      const fanOut = inserted.has(i) && f.boxes.outStart[i + 1] > f.boxes.outStart[i];
      if (fanOut) splits[f.boxes.ins[f.boxes.inStart[i]]] = 1;
    }
    const label = this.labelWire();
    const isOutput = new Set(f.outputs);
    s.wires.forEach((mw, w) => {
      const param = mw.param === undefined ? {} : { param: mw.param };
      const isCopy = producer[w] >= 0 && inserted.has(producer[w]);
      const wires = this.wiresFrom(mw.from).filter((id) => id !== label);
      const forward = { pass: 'forward', part: 'model', ...param, ...this.place(mw.from.box) } as const;
      if (isCopy && mw.to)
        this.add(wb[value[w]], { ...forward, kind: 'copy', port: mw.to, wires: this.wireInto(mw.to) });
      else this.add(wb[value[w]], { ...forward, kind: 'value', port: mw.from, wires });
      if (change[w] < 0) return;
      const backward = { pass: 'backward', ...param } as const;
      if (splits[w] || !mw.to) {
        const at = { part: 'model', ...this.place(mw.from.box) } as const;
        this.add(wb[change[w]], { ...backward, ...at, kind: 'sum', port: mw.from, wires });
        return;
      }
      // the change of a model output comes back from the loss, drawn or not
      const sender = isOutput.has(w) ? this.a.ids.loss : mw.to.box;
      const at = { part: isOutput.has(w) ? 'loss' : 'model', ...this.place(sender) } as const;
      this.add(wb[change[w]], { ...backward, ...at, kind: 'change', port: mw.to, wires: this.wireInto(mw.to) });
    });
  }

  /** The learner's own buffers, by their place on the step's boundary (learner.ts's header). */
  boundary(): void {
    const { layout, optimiser, step, program, ids, wiring } = this.a;
    const wb = program.wireBuffer;
    const ins = step.inputs;
    const outs = step.outputs;
    const nLearnt = layout.learnt.length;
    const own = ownState(optimiser);
    const shared = sharedState(optimiser);
    const opt = { part: 'optimiser', ...this.place(ids.optimiser) } as const;
    layout.learnt.forEach((i, j) => {
      const learnt = this.learnt(i);
      const seen = wb[wiring.value[this.a.model.diagram.inputs[i]]];
      // the stored value is the model's input unless the optimiser's get moves it (Nesterov)
      if (wb[ins[j]] !== seen) this.add(wb[ins[j]], { pass: 'forward', kind: 'stored', ...learnt.role });
      this.add(wb[outs[j]], { pass: 'backward', kind: 'update', ...learnt.role, ...opt });
      own.forEach((spec, k) => {
        const role = { kind: 'state', name: spec.name, ...learnt.param, ...opt } as const;
        this.add(wb[ins[nLearnt + j * own.length + k]], { pass: 'forward', ...role });
        this.add(wb[outs[nLearnt + j * own.length + k]], { pass: 'backward', ...role });
      });
    });
    const afterOwn = nLearnt * (1 + own.length);
    shared.forEach((spec, k) => {
      this.add(wb[ins[afterOwn + k]], { pass: 'forward', kind: 'state', name: spec.name, ...opt });
      this.add(wb[outs[afterOwn + k]], { pass: 'backward', kind: 'state', name: spec.name, ...opt });
    });
    const lr = { part: 'learning-rate', ...this.place(ids['learning-rate']) } as const;
    layout.hypers.forEach((name, k) => {
      const at = name === 'learningRate' ? lr : opt;
      this.add(wb[ins[afterOwn + shared.length + k]], { pass: 'forward', kind: 'hyper', name, ...at });
    });
    this.lossWires();
  }

  /** y, l and l′: the label's value, the loss's value and the change α sends back into it. */
  private lossWires(): void {
    const { step, program, ids, wiring } = this.a;
    const wb = program.wireBuffer;
    const loss = { part: 'loss', ...this.place(ids.loss) } as const;
    const labelPort = this.sources?.learner.label;
    const label = this.labelWire();
    const y = labelPort
      ? { ...this.place(labelPort.box), port: labelPort, wires: label === undefined ? [] : [label] }
      : { ...this.place(ids.loss), port: { box: ids.loss, port: 'y' } };
    this.add(wb[step.inputs[step.inputs.length - 1]], { pass: 'forward', kind: 'value', part: 'loss', ...y });
    const l = { box: ids.loss, port: 'l' };
    const lOut = step.outputs[step.outputs.length - 2];
    this.add(wb[lOut], { pass: 'forward', kind: 'value', ...loss, port: l, wires: this.wiresFrom(l) });
    const into = this.a.ids['learning-rate'];
    const alphaPort = { box: into, port: 'l' };
    const lr = { part: 'learning-rate', ...this.place(into) } as const;
    const wires = this.wireInto(alphaPort);
    this.add(wb[wiring.lossChange], { pass: 'backward', kind: 'change', ...lr, port: alphaPort, wires });
  }

  /** Where learnt input i of the model is drawn: its port, and its parameter name. */
  private learnt(i: number) {
    const w = this.a.model.diagram.inputs[i];
    const mw = this.sources?.wires[w];
    const param = mw?.param === undefined ? {} : { param: mw.param };
    const place = this.place(mw?.from.box ?? this.a.ids.optimiser);
    const port = mw ? { port: mw.from } : {};
    return { param, role: { part: 'optimiser', ...param, ...port, ...place } as const };
  }

  /** Drawn wire ↦ its value's buffer and its changes' buffers, read off the roles. */
  wireIndex(): SourceMap['wires'] {
    const index: Record<string, { value: number; changes: number[] }> = {};
    for (const id of Object.keys(this.sources?.drawn ?? {})) index[id] = { value: -1, changes: [] };
    this.buffers.forEach((roles, b) => {
      for (const r of roles) {
        for (const id of r.wires ?? []) {
          if (r.kind === 'value') index[id].value = b;
          if (r.kind === 'change' && !index[id].changes.includes(b)) index[id].changes.push(b);
        }
      }
    });
    return index;
  }
}

const key = (p: PortRef) => `${p.box}:${p.port}`;
