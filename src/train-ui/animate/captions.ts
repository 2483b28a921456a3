/**
 * The caption of a frame: what the box does, as the generator's, loss's, cap's or optimiser's
 * own diagram says (learn/explain), with the numbers of the followed example read off the trace.
 */
import type { Box, Diagram } from '../../core/diagram';
import { forwardSum, linearChangeSum, lossSum } from '../../learn/explain/boxSums';
import { exampleOf, explainRule, explainStep, ruleCaption, updateNumbers } from '../../learn/explain/index';
import { printNumber } from '../../learn/explain/notation';
import type { Learner } from '../../learn/learner';
import { getOptimiser, type OptimiserKind } from '../../learn/optimisers/index';
import { type Buffers, fullData, readBuffer, valuesList } from './readings';
import type { Frame } from './timeline';

export interface Caption {
  /** `Forward · tanh 1`, `Backward · linear 2`, `Optimiser · adam`. */
  readonly title: string;
  /** The rule with the example's numbers, or the map the box computes. */
  readonly rule: string;
  /** The numbers at the example, where the rule's own line does not carry them. */
  readonly numbers?: string;
}

const typesOf = (d: Diagram, box: Box) => box.inputs.map((w) => d.wires[w]);

/** The buffers a model box's reverse rule reads: its inputs' values and its outputs' changes. */
function ruleBuffers(learner: Learner, m: number): number[] {
  const { value, change } = learner.sourceMap.model;
  const box = learner.model.diagram.boxes[m];
  return [...box.inputs.map((w) => value[w]), ...box.outputs.map((w) => change[w])].filter((b) => b >= 0);
}

/**
 * The buffers a frame's caption needs whole that a large trace sent as summaries: the weights a
 * backward model box's rule reads (a batched buffer's row at the example comes with the summary).
 */
export function captionNeeds(learner: Learner, frame: Frame | undefined): number[] {
  if (frame?.kind !== 'backward' || frame.part !== 'model' || frame.modelBox === undefined) return [];
  return ruleBuffers(learner, frame.modelBox).filter((b) => !learner.stepProgram.bufferTypes[b].batch);
}

/**
 * Each buffer's numbers as exampleOf reads them (a batched one at index e·n …), or null when a
 * buffer the box's rule reads has not crossed from the worker whole (nor, batched, its row at e).
 */
function ruleData(learner: Learner, m: number, buffers: Buffers, e: number): (ArrayLike<number> | undefined)[] | null {
  const data: (ArrayLike<number> | undefined)[] = buffers.map(fullData);
  for (const b of ruleBuffers(learner, m)) {
    const t = buffers[b];
    if (!t || 'data' in t) continue;
    const r = readBuffer(learner.stepProgram, buffers, b, e);
    if (!r || r.partial || !r.perExample) return null;
    const row: Record<number, number> & { length: number } = { length: t.shape.reduce((a, c) => a * c, 1) };
    r.values.forEach((v, i) => {
      row[e * r.count + i] = v;
    });
    data[b] = row;
  }
  return data;
}

/** A buffer's numbers at the example when all of them are known, else undefined. */
function whole(learner: Learner, buffers: Buffers, b: number, example: number): Float32Array | undefined {
  const r = readBuffer(learner.stepProgram, buffers, b, example);
  return r && !r.partial && r.values.length === r.count ? r.values : undefined;
}

/**
 * The values the frame's model box makes at the example, `y = [0.12, −0.40 and 6 more]`, and
 * where the box adds (add, bias, linear) its first entry's sum: `y₀ = a₀ + b₀ = 0.95 + 0.74 = 1.69`.
 */
function forwardNumbers(learner: Learner, m: number, buffers: Buffers, example: number): string | undefined {
  const d = learner.model.diagram;
  const { value } = learner.sourceMap.model;
  const box = d.boxes[m];
  const parts = box.outputs.flatMap((w, k) => {
    const r = readBuffer(learner.stepProgram, buffers, value[w], example);
    return r ? [`${box.outputs.length === 1 ? 'y' : `y${k}`} = ${valuesList(r.values, r.count)}`] : [];
  });
  const ins = box.inputs.map((w) => whole(learner, buffers, value[w], example));
  const out = box.outputs.length === 1 ? whole(learner, buffers, value[box.outputs[0]], example) : undefined;
  const sum = out && ins.every((v) => v !== undefined) ? forwardSum(box.gen, ins as Float32Array[], out) : undefined;
  if (!sum) return parts.length ? parts.join('; ') : undefined;
  // one number is said once, at the sum's precision: not `y = −0.33; y₀ = … = −0.325`
  return out?.length === 1 ? sum : [...parts, sum].join('; ');
}

/** A linear box's first input change as the sum it is: `x′₀ = d₀·W₀₀ + d₁·W₀₁ = …`. */
function backwardNumbers(learner: Learner, m: number, buffers: Buffers, example: number): string | undefined {
  const box = learner.model.diagram.boxes[m];
  if (box.gen !== 'linear') return undefined;
  const { value, change } = learner.sourceMap.model;
  const w = whole(learner, buffers, value[box.inputs[0]], example);
  const dy = whole(learner, buffers, change[box.outputs[0]], example);
  const dx = whole(learner, buffers, change[box.inputs[1]], example);
  return w && dy && dx ? linearChangeSum(w, dy, dx) : undefined;
}

/** The loss at the example as the sum of its terms, one per output, where it is short. */
function lossNumbers(learner: Learner, buffers: Buffers, l: number, example: number): string | undefined {
  const { term } = learner.loss.textbook;
  const { layout, stepProgram } = learner;
  const d = learner.model.diagram;
  const yhat = whole(learner, buffers, learner.sourceMap.model.value[d.outputs[0]], example);
  // the label is the step's input after the learnt, state, hyper-parameter and fixed inputs
  const label =
    stepProgram.inputs[layout.learnt.length + layout.state.length + layout.hypers.length + layout.fixed.length];
  const y = whole(learner, buffers, label ?? -1, example);
  return term && yhat && y ? lossSum(term, yhat, y, l) : undefined;
}

/** The first output buffer of the frame's steps whose roles pass `keep`. */
function bufferOf(learner: Learner, frame: Frame, keep: (kind: string, port?: string) => boolean): number {
  const sm = learner.sourceMap;
  for (const k of frame.steps)
    for (const b of learner.stepProgram.steps[k].outputs)
      if (sm.buffers[b].some((r) => keep(r.kind, r.port?.port))) return b;
  return -1;
}

export interface ParamUpdate {
  readonly param: string;
  /** p, p′ and the new p, at element `element`, as the trace holds them. */
  readonly p: number;
  readonly change: number;
  readonly next: number;
  /** `t⁺ = 0 + 1 = 1; …; p⁺ = 0.50 + −0.01 = 0.49`: the textbook's lines with the element's numbers. */
  readonly caption: string;
}

/** What the optimiser did to each learnt parameter at one element, read off the trace. */
export function paramUpdates(learner: Learner, buffers: Buffers, element = 0): ParamUpdate[] {
  const sm = learner.sourceMap;
  const prog = learner.stepProgram;
  const kind = learner.optimiser.kind as OptimiserKind;
  const o = getOptimiser(kind);
  const at = (b: number) => {
    const t = b >= 0 ? buffers[b] : null;
    if (!t) return Number.NaN;
    // a summarised buffer's first numbers came with its summary
    if ('data' in t) return t.data.length === 1 ? t.data[0] : t.data[Math.min(element, t.data.length - 1)];
    const { head } = t.summary;
    return head.length === 1 ? head[0] : element < head.length ? head[element] : Number.NaN;
  };
  const input = (keep: (r: (typeof sm.buffers)[number][number]) => boolean) =>
    prog.inputs.find((b) => sm.buffers[b].some(keep)) ?? -1;
  return learner.layout.learnt.flatMap((i, j) => {
    const w = learner.model.diagram.inputs[i];
    const name = learner.model.sources?.wires[w]?.param ?? learner.model.params[j]?.name;
    if (name === undefined) return [];
    const update = sm.buffers.findIndex((rs) => rs.some((r) => r.kind === 'update' && r.param === name));
    const state = o.state.map((s) =>
      at(input((r) => r.kind === 'state' && r.name === s.name && (s.shared || r.param === name))),
    );
    const hypers = o.hypers.map((h) => at(input((r) => r.kind === 'hyper' && r.name === h)));
    const p = at(prog.inputs[j]);
    const change = at(sm.model.change[w]);
    const values = [p, ...state, ...hypers, change];
    const z2 = learner.model.diagram.wires[w].field === 'z2';
    const caption = values.every(Number.isFinite) ? updateNumbers(kind, values, z2) : '';
    return [{ param: name, p, change, next: at(update), caption }];
  });
}

export function frameCaption(
  learner: Learner,
  frame: Frame,
  buffers: Buffers,
  example: number,
  name: (box: string) => string = (b) => b,
): Caption {
  const who = name(frame.box);
  if (frame.kind === 'inputs')
    return {
      title: 'The step starts',
      rule: 'The batch’s examples and labels, and the parameters as they are now, go in along their wires.',
    };
  const d = learner.model.diagram;
  if (frame.part === 'model' && frame.modelBox !== undefined) {
    const m = frame.modelBox;
    if (frame.kind === 'forward') {
      const rule = explainStep(learner, frame.steps[0]).text;
      const numbers = forwardNumbers(learner, m, buffers, example);
      return { title: `Forward · ${who}`, rule, ...(numbers ? { numbers } : {}) };
    }
    const box = d.boxes[m];
    const rule =
      frame.steps.length > 0
        ? (explainStep(learner, frame.steps[0]).rule ?? explainRule(box.gen, box.config, typesOf(d, box)))
        : explainRule(box.gen, box.config, typesOf(d, box));
    const data = ruleData(learner, m, buffers, example);
    const numbers = backwardNumbers(learner, m, buffers, example);
    return {
      title: `Backward · ${who}`,
      rule: ruleCaption(rule, data ? exampleOf(learner, m, data, example) : undefined),
      ...(numbers ? { numbers } : {}),
    };
  }
  const text = frame.steps.length ? explainStep(learner, frame.steps[0]).text : '';
  if (frame.part === 'optimiser' && frame.kind === 'backward') {
    const first = paramUpdates(learner, buffers)[0];
    return {
      title: `Optimiser · ${who} updates every parameter`,
      rule: text,
      ...(first?.caption ? { numbers: `${name(first.param.split('.')[0])}, first entry: ${first.caption}` } : {}),
    };
  }
  if (frame.part === 'loss') {
    const b =
      frame.kind === 'forward'
        ? bufferOf(learner, frame, (k, port) => k === 'value' && port === 'l')
        : bufferOf(learner, frame, (k, port) => k === 'change' && port === 'ŷ');
    const r = readBuffer(learner.stepProgram, buffers, b, example);
    const sum = frame.kind === 'forward' && r?.count === 1 && r.values.length === 1;
    const numbers = r
      ? ((sum ? lossNumbers(learner, buffers, r.values[0], example) : undefined) ??
        `${frame.kind === 'forward' ? 'l' : 'ŷ′'} = ${valuesList(r.values, r.count)}`)
      : undefined;
    return {
      title: `${frame.kind === 'forward' ? 'Forward' : 'Backward'} · ${who}`,
      rule: text,
      ...(numbers ? { numbers } : {}),
    };
  }
  if (frame.part === 'learning-rate') {
    const b = bufferOf(learner, frame, (k) => k === 'change');
    const r = readBuffer(learner.stepProgram, buffers, b, example);
    return {
      title: `Backward · ${who}: the change that starts the backward pass`,
      rule: text,
      ...(r?.values.length ? { numbers: `l′ = ${printNumber(r.values[0])}` } : {}),
    };
  }
  return { title: `${frame.kind === 'forward' ? 'Forward' : 'Backward'} · ${who}`, rule: text };
}
