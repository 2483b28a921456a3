/**
 * Random drawn learners, deterministic in an Rng: a data input and a label, a few smooth boxes
 * (unary activations, linear and bias with open or drawn parameters, add and multiply, an
 * explicit copy), values read by several ports (fan-out), a branch nobody reads (dead code),
 * groups — nested, and with one exposed input feeding two inner ports — and a loss, learning
 * rate and optimiser each drawn or left to the settings. Every document compiles.
 */
import type { Rng } from '../core/init';
import type { BoxDoc, GroupDoc, LensDocument, PortRef, WireDoc } from '../io/document';
import { box, doc } from './documents';

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

interface Port extends PortRef {
  readonly width: number;
}

/** The drawing so far: its boxes, wires, groups, and the ports that carry a value. */
class Drawing {
  readonly boxes: BoxDoc[] = [];
  readonly wires: WireDoc[] = [];
  readonly groups: GroupDoc[] = [];
  readonly pool: Port[] = [];
  /** Top-level members (boxes and groups) in the order drawn, for wrapping into groups. */
  readonly members: string[] = [];
  private wireCount = 0;

  constructor(private readonly rng: Rng) {}

  add(id: string, generator: string, config: Record<string, unknown> = {}): string {
    this.boxes.push(box(id, generator, config));
    this.members.push(id);
    return id;
  }

  wire(from: PortRef, to: PortRef): void {
    const end = (p: PortRef) => ({ box: p.box, port: p.port });
    this.wires.push({ id: `w${this.wireCount++}`, from: end(from), to: end(to) });
  }

  /** A port of the pool with this width (or any), mostly a recent one, so boxes chain. */
  take(width?: number): Port | undefined {
    const fits = this.pool.filter((p) => width === undefined || p.width === width);
    if (fits.length === 0) return undefined;
    return this.rng() < 0.7 ? fits[fits.length - 1] : pick(this.rng, fits);
  }
}

type Move = (d: Drawing, rng: Rng, n: number) => void;

const moves: readonly Move[] = [
  (d, rng, n) => {
    const x = d.take() as Port;
    const id = d.add(`act${n}`, pick(rng, ['sigmoid', 'tanh', 'softplus', 'square', 'negate']));
    d.wire(x, { box: id, port: 'x' });
    d.pool.push({ box: id, port: 'y', width: x.width });
  },
  (d, rng, n) => {
    const x = d.take() as Port;
    const out = int(rng, 1, 4);
    const id = d.add(`lin${n}`, 'linear', { out });
    d.wire(x, { box: id, port: 'x' });
    if (rng() < 0.5) {
      d.add(`W${n}`, 'parameter', { shape: [x.width, out], init: { kind: 'normal', sigma: 0.5 } });
      d.wire({ box: `W${n}`, port: 'W' }, { box: id, port: 'W' });
    }
    d.pool.push({ box: id, port: 'y', width: out });
  },
  (d, rng, n) => {
    const x = d.take() as Port;
    const id = d.add(`bias${n}`, 'bias', { init: { kind: 'normal', sigma: 0.5 } });
    d.wire(x, { box: id, port: 'x' });
    if (rng() < 0.4) {
      d.add(`b${n}`, 'parameter', { shape: [x.width], init: { kind: 'normal', sigma: 0.5 } });
      d.wire({ box: `b${n}`, port: 'W' }, { box: id, port: 'b' });
    }
    d.pool.push({ box: id, port: 'y', width: x.width });
  },
  (d, rng, n) => {
    const a = d.take() as Port;
    const b = d.take(a.width) as Port; // a itself at worst: a fan-out into both operands
    const id = d.add(`op${n}`, pick(rng, ['add', 'multiply']));
    d.wire(a, { box: id, port: 'a' });
    d.wire(b, { box: id, port: 'b' });
    d.pool.push({ box: id, port: 'y', width: a.width });
  },
  (d, _rng, n) => {
    const x = d.take() as Port;
    const id = d.add(`copy${n}`, 'copy', { n: 2 });
    d.wire(x, { box: id, port: 'x' });
    d.pool.push({ box: id, port: 'y0', width: x.width }, { box: id, port: 'y1', width: x.width });
  },
];

export function randomLearnerDocument(rng: Rng): LensDocument {
  const d = new Drawing(rng);
  const width = int(rng, 1, 4);
  const labels = int(rng, 1, 3);
  d.add('in', 'input', { shape: [width] });
  d.pool.push({ box: 'in', port: 'x', width });
  const n = int(rng, 1, 6);
  for (let k = 0; k < n; k++) pick(rng, moves)(d, rng, k);
  const last = d.take() as Port;
  d.add('head', 'linear', { out: labels });
  d.wire(last, { box: 'head', port: 'x' });
  if (rng() < 0.3) {
    // read by nobody: dead code, and the wire between the two dead boxes is never computed
    moves[0](d, rng, n);
    moves[0](d, rng, n + 1);
  }
  for (let k = 0; k < int(rng, 0, 2); k++) wrapInGroup(d, rng, k);
  return finish(d, rng, labels);
}

/** The learner's end: output, label, loss, α and optimiser, each drawn or left to the settings. */
function finish(d: Drawing, rng: Rng, labels: number): LensDocument {
  const prediction = { box: 'head', port: 'y' };
  const drawnLoss = rng() < 0.6;
  if (!drawnLoss || rng() < 0.5) {
    d.add('out', 'output');
    d.wire(prediction, { box: 'out', port: 'ŷ' });
  }
  d.add('y', 'label', { shape: [labels] });
  if (drawnLoss) {
    d.add('L', 'loss', { kind: 'mse' });
    d.wire(prediction, { box: 'L', port: 'ŷ' });
    d.wire({ box: 'y', port: 'y' }, { box: 'L', port: 'y' });
    if (rng() < 0.6) {
      d.add('alpha', 'learning-rate', { epsilon: 0.1 });
      d.wire({ box: 'L', port: 'l' }, { box: 'alpha', port: 'l' });
    }
  }
  const kind = pick(rng, ['gd', 'momentum', 'nesterov', 'adam'] as const);
  if (rng() < 0.5) d.add('U', 'optimiser', { kind, learningRate: 0.1 });
  const training = {
    loss: 'mse' as const,
    optimiser: { kind, learningRate: 0.1 },
    batchSize: 3,
    epochs: 1,
    seed: 1,
    testFraction: 0,
  };
  return doc(d.boxes, d.wires, { groups: d.groups, training });
}

/**
 * Wraps a run of top-level members (model boxes only) into a new group: the wires crossing its
 * edge go to and from exposed ports; two wires from one outside port into the group become one
 * wire into one exposed name that feeds both inner ports.
 */
function wrapInGroup(d: Drawing, rng: Rng, k: number): void {
  const model = d.members.filter((m) => m !== 'in' && m !== 'head' && !/^[Wb]\d/.test(m));
  if (model.length === 0) return;
  const from = int(rng, 0, model.length - 1);
  const inside = new Set(model.slice(from, from + int(rng, 1, 3)));
  const id = `G${k}`;
  const group: GroupDoc = { id, name: `group ${k}`, position: { x: 0, y: 0 }, inputs: [], outputs: [] };
  const top = new Set(d.members);
  const crossingIn = new Map<string, string>();
  const crossingOut = new Map<string, string>();
  const keep: WireDoc[] = [];
  for (const w of d.wires) {
    const level = top.has(w.from.box) && top.has(w.to.box);
    const [a, b] = [inside.has(w.from.box), inside.has(w.to.box)];
    if (!level || a === b) keep.push(w);
    else if (b) {
      const src = `${w.from.box}:${w.from.port}`;
      const name = crossingIn.get(src) ?? `i${crossingIn.size}`;
      (group.inputs as { name: string; box: string; port: string }[]).push({ name, ...w.to });
      if (!crossingIn.has(src)) keep.push({ ...w, to: { box: id, port: name } });
      crossingIn.set(src, name);
    } else {
      const src = `${w.from.box}:${w.from.port}`;
      const name = crossingOut.get(src) ?? `o${crossingOut.size}`;
      if (!crossingOut.has(src))
        (group.outputs as { name: string; box: string; port: string }[]).push({ name, ...w.from });
      crossingOut.set(src, name);
      keep.push({ ...w, from: { box: id, port: name } });
    }
  }
  d.wires.splice(0, d.wires.length, ...keep);
  for (const b of d.boxes) if (inside.has(b.id)) b.parent = id;
  for (const g of d.groups) if (inside.has(g.id)) (g as { parent?: string }).parent = id;
  d.groups.push(group);
  d.members.splice(0, d.members.length, ...d.members.filter((m) => !inside.has(m)), id);
}
