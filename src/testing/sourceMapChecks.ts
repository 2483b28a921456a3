/**
 * What a step's source map must say about a drawn learner, checked against the document and a
 * run, never against the map's own construction. Each check names, in its message, the mutant
 * of learn/stepSources.ts (or of the core's maps) it catches. The learner is assembled the way
 * the trainer assembles it, with its loss and optimiser given.
 */
import { expect } from 'vitest';
import { compileDocument } from '../compile/compile';
import { TRAINING_SETTINGS } from '../compile/sources';
import type { CompileResult } from '../compile/types';
import { mulberry32 } from '../core/init';
import type { LensDocument } from '../io/document';
import { assembleLearner, type Learner } from '../learn/learner';
import type { BufferRole, Part } from '../learn/sourceMap';
import { dotOf, idInputs, randomIds, randomTensor, runStep, weightedLossSlope } from './stepRun';

export interface Compiled {
  readonly doc: LensDocument;
  readonly result: CompileResult;
  readonly learner: Learner;
}

export function learnerOf(doc: LensDocument): Compiled {
  const result = compileDocument(doc, { requireLoss: true });
  expect(result.errors).toEqual([]);
  const model = result.model as NonNullable<CompileResult['model']>;
  const learner = assembleLearner(model, { loss: model.loss?.kind, optimiser: model.optimiser?.kind ?? 'gd' });
  return { doc, result, learner };
}

/** The document's own answer to "which groups is this box in": its parent chain, outermost first. */
function pathOf(doc: LensDocument, box: string): string[] {
  const parent = new Map<string, string | undefined>([
    ...doc.boxes.map((b) => [b.id, b.parent] as const),
    ...doc.groups.map((g) => [g.id, g.parent] as const),
  ]);
  const path: string[] = [];
  for (let at = parent.get(box); at !== undefined && path.length < 64; at = parent.get(at)) path.unshift(at);
  return path;
}

/** The drawn id each learner part's steps must carry: its box, or the settings' name. */
function expectedIds(doc: LensDocument): Record<Exclude<Part, 'model'>, string> {
  const first = (kind: string) => doc.boxes.find((b) => b.generator === kind)?.id ?? TRAINING_SETTINGS;
  return { loss: first('loss'), 'learning-rate': first('learning-rate'), optimiser: first('optimiser') };
}

export function checkIds({ doc, learner }: Compiled): void {
  const ids = expectedIds(doc);
  const sm = learner.sourceMap;
  expect(sm.learner, 'mutant: the learner ids not read from the drawn boxes').toEqual(ids);
  const boxIds = new Set(doc.boxes.map((b) => b.id));
  learner.stepProgram.steps.forEach((s, k) => {
    const part = sm.steps[k].part;
    if (part !== 'model')
      expect(s.source, `mutant: a ${part} step keeps a literal source ('optimiser', 'loss')`).toBe(ids[part]);
    else expect(boxIds.has(sm.steps[k].innerBox), `mutant: model step ${k} from no drawn box`).toBe(true);
    if (s.source !== undefined) expect(sm.steps[k].innerBox).toBe(s.source);
    const inner = sm.steps[k].innerBox;
    const path = pathOf(doc, inner);
    expect(sm.groups[inner] ?? [], 'mutant: a nested group left out of the path').toEqual(path);
    expect(sm.steps[k].outerBox, 'mutant: the outer box is the direct parent').toBe(path[0] ?? inner);
  });
}

/** Boxes whose outputs reach the loss or the model output, by the document's wires (groups flattened). */
function liveBoxes(c: Compiled): Set<string> {
  const drawn = Object.values(c.learner.model.sources?.drawn ?? {});
  const ids = expectedIds(c.doc);
  const live = new Set<string>([ids.loss, ...c.doc.boxes.filter((b) => b.generator === 'output').map((b) => b.id)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const w of drawn)
      if (!live.has(w.from.box) && w.to.some((t) => live.has(t.box))) grew = live.add(w.from.box) !== undefined;
  }
  return live;
}

const valueBuffers = (roles: readonly (readonly BufferRole[])[], wire: string) =>
  roles.flatMap((rs, b) =>
    rs.some((r) => r.kind === 'value' && r.pass === 'forward' && r.wires?.includes(wire)) ? [b] : [],
  );

export function checkValues(c: Compiled): void {
  const { learner, result, doc } = c;
  const sm = learner.sourceMap;
  const p = learner.stepProgram;
  const live = liveBoxes(c);
  const inputsOf = new Set(p.inputs);
  const kindOf = new Map(doc.boxes.map((b) => [b.id, b.generator]));
  for (const w of doc.wires) {
    const from = learner.model.sources?.drawn[w.id]?.from;
    expect(from, `wire ${w.id} is drawn`).toBeDefined();
    if (!from) continue;
    const kind = kindOf.get(from.box) ?? '';
    // a step input is there even when unread, but Nesterov's get p + γs is dead code when its readers are
    const read = learner.model.sources?.drawn[w.id]?.to.some((t) => live.has(t.box)) ?? false;
    const given =
      kind === 'input' || kind === 'label' || (kind === 'parameter' && (learner.optimiser.kind !== 'nesterov' || read));
    const found = valueBuffers(sm.buffers, w.id);
    const expected = given || live.has(from.box) ? 1 : 0;
    expect(
      found.length,
      `mutant: wire ${w.id} on ${found.length} forward buffers (copies named as values, or a dead wire kept)`,
    ).toBe(expected);
    expect(sm.wires[w.id].value).toBe(found[0] ?? -1);
    if (found.length === 0) continue;
    const b = found[0];
    expect(p.bufferTypes[b].shape, `mutant: wire ${w.id} mapped to a neighbouring buffer`).toEqual(
      result.wireTypes.get(w.id)?.shape,
    );
    const maker = p.steps.findIndex((s) => s.outputs.includes(b));
    // a parameter's value is what the optimiser's get hands the model (p + γs for Nesterov)
    const made = kindOf.get(from.box) === 'parameter' ? sm.learner.optimiser : from.box;
    if (!inputsOf.has(b)) expect(p.steps[maker].source, `mutant: wire ${w.id}'s value named by its reader`).toBe(made);
  }
}

/** Runs the step once at random inputs; returns the run and a slope oracle for any buffer. */
export function oracle(c: Compiled, seed: number) {
  const { learner } = c;
  const p = learner.stepProgram;
  const rng = mulberry32(seed);
  const hypers = p.inputs.map((b) => learner.sourceMap.buffers[b].find((r) => r.kind === 'hyper')?.name);
  const values: Record<string, number> = { learningRate: 0.1, momentum: 0.9, beta1: 0.9, beta2: 0.999, epsilon: 1e-7 };
  const init = learner.layout.stateInit;
  const stateAt = new Map(
    p.inputs
      .slice(learner.layout.learnt.length)
      .slice(0, init.length)
      .map((b, k) => [b, init[k]]),
  );
  const ids = idInputs(p);
  const inputs = p.inputs.map((b, i) => {
    const t = p.bufferTypes[b];
    const h = hypers[i];
    if (h !== undefined) return { shape: [], data: Float64Array.of(values[h]) };
    const s = stateAt.get(b);
    const vocab = ids.get(b);
    const v = vocab === undefined ? randomTensor(rng, t) : randomIds(rng, t, vocab);
    if (s !== undefined) v.data.fill(s);
    return v;
  });
  const run = runStep(p, inputs);
  const loss = p.outputs[p.outputs.length - 2];
  const lossChangeAt = learner.sourceMap.buffers.findIndex((rs) =>
    rs.some((r) => r.kind === 'change' && r.part === 'learning-rate'),
  );
  const lossChange = run[lossChangeAt];
  const slope = (buffer: number, direction: Float64Array) =>
    weightedLossSlope(p, inputs, { buffer, direction, loss, lossChange });
  return { run, rng, slope, inputs };
}

/** Every backward buffer is named; each change and sum the map names is the loss's slope along it. */
export function checkChanges(c: Compiled, seed: number): void {
  const { learner } = c;
  const sm = learner.sourceMap;
  const p = learner.stepProgram;
  const { run, rng, slope } = oracle(c, seed);
  const drawnIds = new Set([...c.doc.boxes.map((b) => b.id), ...c.doc.groups.map((g) => g.id), TRAINING_SETTINGS]);
  const backward = new Set(p.steps.filter((s) => s.pass === 'backward').flatMap((s) => s.outputs));
  for (const b of backward) {
    const roles = sm.buffers[b];
    expect(roles.length, `mutant: backward buffer ${b} left unnamed`).toBeGreaterThan(0);
    for (const r of roles) expect(drawnIds.has(r.innerBox), `mutant: buffer ${b} named by no drawn box`).toBe(true);
    // a wire or a parameter; the zero change of an output nobody reads names its port
    const named = roles.some((r) => (r.wires?.length ?? 0) > 0 || r.param !== undefined || r.port !== undefined);
    const inside = roles.every((r) => r.kind === 'inside' || r.kind === 'state');
    expect(named || inside, `mutant: backward buffer ${b} maps to no wire, parameter or port`).toBe(true);
  }
  const lossChange = sm.buffers.findIndex((rs) => rs.some((r) => r.kind === 'change' && r.part === 'learning-rate'));
  expect(lossChange, 'mutant: l′ not named').toBeGreaterThanOrEqual(0);
  const valueAt = (port: { box: string; port: string }, kinds: readonly string[]) =>
    sm.buffers.findIndex((rs) =>
      rs.some(
        (r) => kinds.includes(r.kind) && r.pass === 'forward' && r.port?.box === port.box && r.port.port === port.port,
      ),
    );
  sm.buffers.forEach((roles, b) => {
    for (const r of roles) {
      if (r.pass !== 'backward' || (r.kind !== 'change' && r.kind !== 'sum') || !r.port) continue;
      // the value whose change it is: the copy or value the reader reads at its port, or the port's own value
      const v =
        r.kind === 'sum'
          ? valueAt(r.port, ['value'])
          : valueAt(r.port, ['copy']) >= 0
            ? valueAt(r.port, ['copy'])
            : valueOfReader(c, r);
      if (v < 0) continue;
      expect(run[b].length, `mutant: buffer ${b} is not shaped like the value at ${r.port.box}.${r.port.port}`).toBe(
        run[v].length,
      );
      const t = Float64Array.from(run[v], () => 2 * rng() - 1);
      const want = slope(v, t);
      const got = dotOf(run[b], t);
      expect(
        Math.abs(got - want),
        `mutant: buffer ${b} is not the change of ${r.kind} at ${r.port.box}.${r.port.port}`,
      ).toBeLessThan(1e-5 * (1 + Math.abs(want)));
    }
  });
}

/** The buffer the reader of a change role's port reads there: the value of the wire drawn into it. */
function valueOfReader(c: Compiled, r: BufferRole): number {
  const wire = r.wires?.[0];
  if (wire !== undefined) return c.learner.sourceMap.wires[wire].value;
  const param = r.param;
  if (param === undefined) return -1;
  return c.learner.sourceMap.buffers.findIndex((rs) => rs.some((q) => q.kind === 'value' && q.param === param));
}

export function checkSerialisable({ learner }: Compiled): void {
  const sm = learner.sourceMap;
  expect(JSON.parse(JSON.stringify(sm)), 'mutant: a Map or typed array in the source map').toEqual(sm);
}
