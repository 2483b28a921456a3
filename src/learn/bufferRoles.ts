/**
 * The roles of a step's buffers (sourceMap.ts's BufferRole), named in two passes: the model
 * diagram's wires through the maps drawStep kept (values, copies, changes, sums), then the
 * learner's own wires by their place on the step's boundary (learner.ts's header).
 */
import type { ModelSources } from '../compile/sources';
import { packedOf } from '../core/views';
import type { PortRef } from '../io/document';
import { ownState, sharedState } from './optimisers/index';
import type { BufferKind, BufferRole, Part, Pass, SourceMap } from './sourceMap';
import type { StepSourceArgs } from './stepSources';

export interface Place {
  readonly outerBox: string;
  readonly innerBox: string;
}
type Extra = Pick<BufferRole, 'port' | 'wires' | 'param' | 'name'>;

/** A role as one literal shape, its optional fields set only when given (no spreads: a step has thousands). */
export function role(pass: Pass, kind: BufferKind, part: Part, at: Place, extra?: Extra): BufferRole {
  const r: { -readonly [K in keyof BufferRole]: BufferRole[K] } = {
    pass,
    kind,
    part,
    outerBox: at.outerBox,
    innerBox: at.innerBox,
  };
  if (extra?.port !== undefined) r.port = extra.port;
  if (extra?.wires !== undefined) r.wires = extra.wires;
  if (extra?.param !== undefined) r.param = extra.param;
  if (extra?.name !== undefined) r.name = extra.name;
  return r;
}

/** The roles of every buffer, filled from the model's wires, then from the step's boundary. */
export class Roles {
  readonly buffers: BufferRole[][];
  private readonly sources: ModelSources | undefined;
  /** Drawn wires by the port they leave and by the port they enter. */
  private readonly leaving = new Map<string, string[]>();
  private readonly entering = new Map<string, string>();

  private readonly places = new Map<string, Place>();

  constructor(
    private readonly a: StepSourceArgs,
    private readonly wb: Int32Array,
  ) {
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

  /** The box and the top-level box it is drawn in (one object per box, shared by its roles). */
  place(box: string): Place {
    let at = this.places.get(box);
    if (at === undefined) {
      at = { outerBox: this.sources?.groups[box]?.[0] ?? box, innerBox: box };
      this.places.set(box, at);
    }
    return at;
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
    const wb = this.wb;
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
      const param = mw.param;
      const isCopy = producer[w] >= 0 && inserted.has(producer[w]);
      const wires =
        label === undefined ? this.wiresFrom(mw.from) : this.wiresFrom(mw.from).filter((id) => id !== label);
      const made = this.place(mw.from.box);
      if (isCopy && mw.to) {
        this.add(
          wb[value[w]],
          role('forward', 'copy', 'model', made, { port: mw.to, wires: this.wireInto(mw.to), param }),
        );
      } else this.add(wb[value[w]], role('forward', 'value', 'model', made, { port: mw.from, wires, param }));
      if (change[w] < 0) return;
      if (splits[w] || !mw.to) {
        this.add(wb[change[w]], role('backward', 'sum', 'model', made, { port: mw.from, wires, param }));
        return;
      }
      // the change of a model output comes back from the loss, drawn or not
      const out = isOutput.has(w);
      const sender = this.place(out ? this.a.ids.loss : mw.to.box);
      const extra = { port: mw.to, wires: this.wireInto(mw.to), param };
      this.add(wb[change[w]], role('backward', 'change', out ? 'loss' : 'model', sender, extra));
    });
  }

  /** The learner's own buffers, by their place on the step's boundary (learner.ts's header). */
  boundary(): void {
    const { layout, optimiser, step, ids, wiring } = this.a;
    const wb = this.wb;
    const ins = step.inputs;
    const outs = step.outputs;
    const nLearnt = layout.learnt.length;
    const own = ownState(optimiser);
    const shared = sharedState(optimiser);
    const opt = this.place(ids.optimiser);
    layout.learnt.forEach((i, j) => {
      const mw = this.sources?.wires[this.a.model.diagram.inputs[i]];
      const learnt = { param: mw?.param, port: mw?.from };
      const seen = wb[wiring.value[this.a.model.diagram.inputs[i]]];
      // the stored value is the model's input unless the optimiser's get moves it (Nesterov)
      const drawnAt = this.place(mw?.from.box ?? ids.optimiser);
      if (wb[ins[j]] !== seen) this.add(wb[ins[j]], role('forward', 'stored', 'optimiser', drawnAt, learnt));
      this.add(wb[outs[j]], role('backward', 'update', 'optimiser', opt, learnt));
      own.forEach((spec, k) => {
        const state = { name: spec.name, param: mw?.param };
        this.add(wb[ins[nLearnt + j * own.length + k]], role('forward', 'state', 'optimiser', opt, state));
        this.add(wb[outs[nLearnt + j * own.length + k]], role('backward', 'state', 'optimiser', opt, state));
      });
    });
    const afterOwn = nLearnt * (1 + own.length);
    shared.forEach((spec, k) => {
      this.add(wb[ins[afterOwn + k]], role('forward', 'state', 'optimiser', opt, { name: spec.name }));
      this.add(wb[outs[afterOwn + k]], role('backward', 'state', 'optimiser', opt, { name: spec.name }));
    });
    const lr = this.place(ids['learning-rate']);
    layout.hypers.forEach((name, k) => {
      const at =
        name === 'learningRate'
          ? role('forward', 'hyper', 'learning-rate', lr, { name })
          : role('forward', 'hyper', 'optimiser', opt, { name });
      this.add(wb[ins[afterOwn + shared.length + k]], at);
    });
    this.lossWires();
  }

  /** y, l and l′: the label's value, the loss's value and the change α sends back into it. */
  private lossWires(): void {
    const { step, ids, wiring } = this.a;
    const wb = this.wb;
    const labelPort = this.sources?.learner.label;
    const label = this.labelWire();
    const y = labelPort
      ? role('forward', 'value', 'loss', this.place(labelPort.box), {
          port: labelPort,
          wires: label === undefined ? [] : [label],
        })
      : role('forward', 'value', 'loss', this.place(ids.loss), { port: { box: ids.loss, port: 'y' } });
    this.add(wb[step.inputs[step.inputs.length - 1]], y);
    const l = { box: ids.loss, port: 'l' };
    const lOut = step.outputs[step.outputs.length - 2];
    this.add(wb[lOut], role('forward', 'value', 'loss', this.place(ids.loss), { port: l, wires: this.wiresFrom(l) }));
    const alpha = { box: ids['learning-rate'], port: 'l' };
    const extra = { port: alpha, wires: this.wireInto(alpha) };
    this.add(wb[wiring.lossChange], role('backward', 'change', 'learning-rate', this.place(alpha.box), extra));
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
