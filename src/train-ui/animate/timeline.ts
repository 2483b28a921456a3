/**
 * The timeline of one traced step, as the animation plays it: a list of frames, each a drawn
 * box at work. First the step's given values (data, label, parameters), then the forward pass
 * box by box in schedule order, then the backward pass in reverse: a frame per box whose
 * reverse rule runs, plus a frame for each box whose rule only passes the change on (an add: the
 * Program computes nothing there, the change is the same buffer). Which wires a frame lights
 * comes from the source map (docs/architecture.md, "What a buffer is on the drawing"); made
 * once per learner, pure, and independent of the trace's numbers.
 */
import { TRAINING_SETTINGS } from '../../compile/sources';
import { packedOf } from '../../core/views';
import type { Learner } from '../../learn/learner';
import type { BufferRole, Part, Pass } from '../../learn/sourceMap';

export type FrameKind = 'inputs' | Pass;

export interface Frame {
  readonly kind: FrameKind;
  readonly part: Part;
  /** The drawn box at work (or `training settings`), and the box on the top-level canvas that holds it. */
  readonly box: string;
  readonly outerBox: string;
  /** The Program steps it runs (none for the inputs and for a rule that passes the change on). */
  readonly steps: readonly number[];
  /** The box of the compiled model diagram whose forward map or reverse rule it is. */
  readonly modelBox?: number;
  /** The drawn boxes lit (for the inputs: every box a given value leaves). */
  readonly boxes: readonly string[];
  /** The drawn wires lit: values made (forward) or changes sent back (backward). */
  readonly wires: readonly string[];
  /** Drawn wire ↦ the buffer it shows from this frame on (its value, or its change). */
  readonly shows: Readonly<Record<string, number>>;
  /** At a copy: the changes that arrive (`parts`) and their sum (`buffer`). */
  readonly sum?: { readonly buffer: number; readonly parts: readonly number[]; readonly wires: readonly string[] };
}

export interface Timeline {
  readonly frames: readonly Frame[];
  /** Index of the first backward frame (frames.length when there is none). */
  readonly backwardFrom: number;
}

const COPY = 'copy';

/** The drawn wires of a buffer's roles that pass a test. */
function wiresOf(roles: readonly BufferRole[], keep: (r: BufferRole) => boolean): string[] {
  const out: string[] = [];
  for (const r of roles) if (keep(r)) for (const w of r.wires ?? []) if (!out.includes(w)) out.push(w);
  return out;
}

export function buildTimeline(learner: Learner): Timeline {
  const sm = learner.sourceMap;
  const program = learner.stepProgram;
  const model = learner.model.diagram;
  const mp = packedOf(model);
  const inserted = new Set(learner.model.sources?.inserted ?? []);
  const frames: Frame[] = [];

  // the given values: every buffer the step starts from that a drawn wire carries
  const givenWires: Record<string, number> = {};
  const givenBoxes: string[] = [];
  for (const b of program.inputs) {
    for (const r of sm.buffers[b]) {
      if (r.kind !== 'value' || !r.wires?.length) continue;
      for (const w of r.wires) givenWires[w] = b;
      if (!givenBoxes.includes(r.innerBox)) givenBoxes.push(r.innerBox);
    }
  }
  frames.push({
    kind: 'inputs',
    part: 'model',
    box: TRAINING_SETTINGS,
    outerBox: TRAINING_SETTINGS,
    steps: [],
    boxes: givenBoxes,
    wires: Object.keys(givenWires),
    shows: givenWires,
  });

  // runs of steps of one box, one pass and one rule
  const runs: { steps: number[]; pass: Pass }[] = [];
  program.steps.forEach((_, k) => {
    const at = sm.steps[k];
    const last = runs[runs.length - 1];
    const prev = last ? sm.steps[last.steps[0]] : undefined;
    const same =
      prev !== undefined &&
      prev.pass === at.pass &&
      prev.innerBox === at.innerBox &&
      prev.part === at.part &&
      prev.modelBox === at.modelBox;
    if (same) last.steps.push(k);
    else runs.push({ steps: [k], pass: at.pass });
  });

  const made = (steps: readonly number[]) => steps.flatMap((k) => program.steps[k].outputs);
  const boxesOf = (at: { innerBox: string; outerBox: string }) =>
    at.outerBox === at.innerBox ? [at.innerBox] : [at.outerBox, at.innerBox];

  /** The changes a model box's reverse sends back through its drawn input ports, and the copy's sum. */
  const reverseWires = (m: number, drawnBox: string) => {
    const shows: Record<string, number> = {};
    let sum: Frame['sum'];
    const isCopy = inserted.has(m) && model.boxes[m].gen === COPY;
    for (let at = mp.boxes.inStart[m]; at < mp.boxes.inStart[m + 1]; at++) {
      const cb = sm.model.change[mp.boxes.ins[at]];
      if (cb < 0) continue;
      const roles = sm.buffers[cb];
      const lit = isCopy
        ? wiresOf(roles, (r) => r.kind === 'sum')
        : wiresOf(roles, (r) => r.kind === 'change' && r.port?.box === drawnBox);
      // at a copy each wire shows the change its own reader sent back: the two that are summed
      for (const w of lit) shows[w] = isCopy ? (sm.wires[w]?.changes[0] ?? cb) : cb;
      if (isCopy) {
        const parts: number[] = [];
        for (let o = mp.boxes.outStart[m]; o < mp.boxes.outStart[m + 1]; o++) {
          const c = sm.model.change[mp.boxes.outs[o]];
          if (c >= 0) parts.push(c);
        }
        // each reader's change stays on its own wire; the sum is what goes on up
        sum = { buffer: cb, parts, wires: lit };
      }
    }
    return { shows, sum };
  };

  const reversed = new Set<number>();
  for (const run of runs) {
    const first = sm.steps[run.steps[0]];
    if (first.pass === 'backward' && first.modelBox !== undefined) reversed.add(first.modelBox);
  }

  let backwardFrom = -1;
  const producerFrame = new Map<number, number>();
  for (const run of runs) {
    const at = sm.steps[run.steps[0]];
    const outs = made(run.steps);
    const shows: Record<string, number> = {};
    let sum: Frame['sum'];
    if (at.pass === 'forward') {
      for (const b of outs)
        for (const w of wiresOf(sm.buffers[b], (r) => r.kind === 'value' || r.kind === 'copy')) {
          // a copy's buffer is what its reader reads; the wire shows the value it carries
          const value = sm.wires[w]?.value ?? b;
          shows[w] = value >= 0 ? value : b;
        }
    } else {
      if (backwardFrom < 0) backwardFrom = frames.length;
      if (at.part === 'model' && at.modelBox !== undefined) {
        const r = reverseWires(at.modelBox, at.innerBox);
        Object.assign(shows, r.shows);
        sum = r.sum;
      } else if (at.part === 'optimiser') {
        // the update goes back up each parameter wire
        for (const b of outs)
          for (const r of sm.buffers[b]) {
            if (r.kind !== 'update' || r.param === undefined) continue;
            for (const w of paramWires(learner, r.param)) shows[w] = b;
          }
      } else
        for (const b of outs)
          for (const w of wiresOf(sm.buffers[b], (r) => r.kind === 'change' && r.innerBox === at.innerBox))
            shows[w] = b;
    }
    const index = frames.length;
    for (const b of outs) producerFrame.set(b, index);
    frames.push({
      kind: at.pass,
      part: at.part,
      box: at.innerBox,
      outerBox: at.outerBox,
      steps: run.steps,
      ...(at.modelBox === undefined ? {} : { modelBox: at.modelBox }),
      boxes: boxesOf(at),
      wires: Object.keys(shows),
      shows,
      ...(sum ? { sum } : {}),
    });
  }
  if (backwardFrom < 0) backwardFrom = frames.length;

  // boxes whose reverse computes nothing (an add passes its change on): a frame right after
  // the frame that made the change reaching them, the later box first
  const passes: { after: number; m: number; frame: Frame }[] = [];
  for (let m = model.boxes.length - 1; m >= 0; m--) {
    if (reversed.has(m) || inserted.has(m)) continue;
    const outs = Array.from(mp.boxes.outs.subarray(mp.boxes.outStart[m], mp.boxes.outStart[m + 1]));
    const changes = outs.map((w) => sm.model.change[w]).filter((c) => c >= 0);
    if (changes.length === 0) continue;
    const drawn = learner.model.sources?.wires[outs[0]]?.from.box;
    if (drawn === undefined) continue;
    const r = reverseWires(m, drawn);
    if (Object.keys(r.shows).length === 0) continue;
    const after = Math.max(...changes.map((c) => producerFrame.get(c) ?? backwardFrom));
    const place = { innerBox: drawn, outerBox: sm.groups[drawn]?.[0] ?? drawn };
    passes.push({
      after,
      m,
      frame: {
        kind: 'backward',
        part: 'model',
        box: drawn,
        outerBox: place.outerBox,
        steps: [],
        modelBox: m,
        boxes: boxesOf(place),
        wires: Object.keys(r.shows),
        shows: r.shows,
      },
    });
  }
  if (passes.length === 0) return { frames, backwardFrom };
  const out: Frame[] = [];
  frames.forEach((f, i) => {
    out.push(f);
    for (const p of passes) if (p.after === i) out.push(p.frame);
  });
  return { frames: out, backwardFrom };
}

/** The drawn wires that carry a learnt parameter's value (`owner.port`). */
export function paramWires(learner: Learner, param: string): string[] {
  const sm = learner.sourceMap;
  const out: string[] = [];
  for (const b of learner.stepProgram.inputs)
    for (const w of wiresOf(sm.buffers[b], (r) => r.kind === 'value' && r.param === param))
      if (!out.includes(w)) out.push(w);
  // Nesterov hands the model p + γs: its value is made, not given
  if (out.length === 0)
    sm.buffers.forEach((roles) => {
      for (const w of wiresOf(roles, (r) => r.kind === 'value' && r.param === param)) if (!out.includes(w)) out.push(w);
    });
  return out;
}
