/**
 * `tsx bench/profile/train/programSteps.ts [mlp] [optimiser]`: the learner step Program of a bench MLP,
 * its steps counted by where they come from (model box, loss, optimiser) and by generator — what
 * a tfjs engine launches as kernels, one or more per step.
 */
import { assembleLearner } from '../../../src/learn/learner';
import { mlpModel } from '../../../src/testing/mlpModel';
import { mlpName, type OptimiserSpec } from '../../../src/testing/mlpSpec';
import { MLPS } from '../../shared/mlpRows';

const [mlp = '2-16-16-1', optimiser = 'adam'] = process.argv.slice(2);
const shape = MLPS.find((m) => mlpName(m) === mlp);
if (!shape) throw new Error(`unknown mlp ${mlp}`);
const spec = { ...shape, optimiser: { ...shape.optimiser, kind: optimiser as OptimiserSpec['kind'] }, batch: 1 };
const learner = assembleLearner(mlpModel(spec), { optimiser: spec.optimiser.kind, loss: spec.loss });
const steps = learner.stepProgram.steps;
const count = (key: (s: (typeof steps)[number]) => string) => {
  const m = new Map<string, number>();
  for (const s of steps) m.set(key(s), (m.get(key(s)) ?? 0) + 1);
  return [...m]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k}×${n}`)
    .join(' ');
};
console.log(`${mlp} ${optimiser}: ${steps.length} Program steps`);
console.log(`by source/pass: ${count((s) => `${s.source ?? '?'}/${s.pass}`)}`);
console.log(`by generator: ${count((s) => s.gen)}`);
console.log(
  `optimiser steps by generator: ${(() => {
    const m = new Map<string, number>();
    const parts = learner.sourceMap.steps;
    for (const s of steps.filter((_, k) => parts[k].part === 'optimiser')) m.set(s.gen, (m.get(s.gen) ?? 0) + 1);
    return [...m]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k}×${n}`)
      .join(' ');
  })()}`,
);
