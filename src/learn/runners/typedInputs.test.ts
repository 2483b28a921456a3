/**
 * The typed runner's step inputs (typedInputs.ts): carried values, hyper-parameters, the rows'
 * features and labels, each shaped for the batch the step is given; a frozen parameter keeps
 * its values whatever the rows; and the alias check knows every buffer a step reads.
 */
import { describe, expect, it } from 'vitest';
import { denseModel } from '../../testing/models';
import { assembleLearner } from '../learner';
import { CarriedArrays } from './carried';
import { StepInputs } from './typedInputs';

/** One dense unit of two inputs with momentum: carried W, b and their two velocities. */
const learner = assembleLearner(denseModel(2, [{ units: 1 }]), { optimiser: 'momentum' });
const { layout } = learner;
const { diagram } = learner.model;
const sizes = [...layout.learnt.map((i) => diagram.wires[diagram.inputs[i]]), ...layout.state];
const carriedOf = (fill: number) =>
  new CarriedArrays(
    sizes.map((t) => new Float32Array(t.shape.reduce((a, b) => a * b, 1)).fill(fill)),
    (src) => Float32Array.from(src),
  );
const hypers = layout.hypers.map((_, k) => Float32Array.of(k + 0.5));
const rows = (n: number) => ({
  features: Float32Array.from({ length: 2 * n }, (_, i) => i),
  labels: Float32Array.from({ length: n }, (_, i) => i % 2),
  n,
});

describe("the typed runner's step inputs", () => {
  it('hold the carried values, then the hypers, then the features and labels, shaped for one row at first', () => {
    const carried = carriedOf(1);
    const inputs = new StepInputs(learner, carried, hypers);
    const nCarried = carried.values.length;
    expect(inputs.records).toHaveLength(nCarried + hypers.length + layout.fixed.length + 1);
    inputs.records.slice(0, nCarried).forEach((r, j) => {
      expect(r.data).toBe(carried.values[j]);
    });
    inputs.records.slice(nCarried, nCarried + hypers.length).forEach((r, k) => {
      expect(r.shape).toEqual([]);
      expect(r.data).toBe(hypers[k]);
    });
    expect(inputs.records.at(-2)?.shape, 'the features of one row').toEqual([1, 2]);
    expect(inputs.records.at(-1)?.shape, 'its label').toEqual([1, 1]);
  });

  it("take each step's rows and carried values, and reshape the batch inputs when the batch size changes", () => {
    const inputs = new StepInputs(learner, carriedOf(1), hypers);
    const next = carriedOf(2);
    const batch = rows(3);
    inputs.fill(batch, next);
    const nCarried = next.values.length;
    inputs.records.slice(0, nCarried).forEach((r, j) => {
      expect(r.data).toBe(next.values[j]);
      expect(r.shape, 'parameters and their state are not batched').toEqual(sizes[j].shape);
    });
    expect(inputs.records.at(-2)).toEqual({ shape: [3, 2], data: batch.features });
    expect(inputs.records.at(-1)).toEqual({ shape: [3, 1], data: batch.labels });
    const one = rows(1);
    inputs.fill(one, next);
    expect(inputs.records.at(-2)).toEqual({ shape: [1, 2], data: one.features });
    expect(inputs.records.at(-1)?.shape).toEqual([1, 1]);
  });

  it('know every buffer the step reads, and no other', () => {
    const carried = carriedOf(1);
    const inputs = new StepInputs(learner, carried, hypers);
    const batch = rows(2);
    expect(inputs.aliases(batch.features.buffer), 'not filled yet').toBe(false);
    inputs.fill(batch, carried);
    expect(inputs.aliases(batch.features.buffer)).toBe(true);
    expect(inputs.aliases(batch.labels.buffer)).toBe(true);
    expect(inputs.aliases(hypers[0].buffer)).toBe(true);
    for (const b of carried.buffers) expect(inputs.aliases(b)).toBe(true);
    expect(inputs.aliases(new Float32Array(2).buffer)).toBe(false);
    const later = rows(2);
    inputs.fill(later, carried);
    expect(inputs.aliases(batch.features.buffer), "the last step's rows are no longer read").toBe(false);
  });
});
