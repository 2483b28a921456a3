/**
 * Do the compiled Program and the variableGrads loop take the same steps? Both start from the
 * same weights on the same batch; the row reports the largest relative difference of their
 * losses over the first steps and the first step whose loss is not finite. A speed row means
 * little if the arithmetic differs, so every backend gets one.
 */
import { assembleLearner } from '../../src/learn/learner';
import { compiledImpl, compiledRunner } from '../../src/testing/compiledTrainer';
import { mlpModel } from '../../src/testing/mlpModel';
import { initialWeights, type MlpSpec, mlpName, type PlainArray, syntheticBatch } from '../../src/testing/mlpSpec';
import type { MlpShape } from './mlpRows';
import { createVariableGradsPeer } from './peers/variableGrads';
import type { BenchRow } from './table';

export async function agreementRow(
  suite: string,
  backend: string,
  shape: MlpShape,
  batch: number,
  steps = 10,
): Promise<BenchRow> {
  const spec: MlpSpec = { ...shape, batch };
  const [w, b] = [initialWeights(spec, 7), syntheticBatch(spec, 7)];
  const compiled = compiledImpl('tfjs').make(spec, w, b);
  const peer = createVariableGradsPeer(spec, w, b);
  let worst = 0;
  let firstBad = -1;
  const trace: string[] = [];
  try {
    for (let s = 0; s < steps; s++) {
      const [c, p] = [await compiled.step(), await peer.step()];
      if (s < 3 || (firstBad < 0 && !Number.isFinite(c))) trace.push(`${c.toPrecision(4)}/${p.toPrecision(4)}`);
      if (!Number.isFinite(c) && firstBad < 0) firstBad = s;
      if (Number.isFinite(c)) worst = Math.max(worst, Math.abs(c - p) / Math.max(1e-6, Math.abs(p)));
    }
  } finally {
    compiled.dispose();
    peer.dispose();
  }
  const bad = firstBad >= 0 ? `NOT FINITE from step ${firstBad + 1} (${firstNonFinite(spec, w, b, firstBad)}); ` : '';
  return {
    suite,
    name: `${mlpName(spec)} b${batch} ${backend} compiled vs variableGrads loss`,
    value: worst,
    unit: 'max rel. diff',
    note: `${bad}${steps} steps from the same weights (compiled/peer: ${trace.join(', ')})`,
  };
}

/** Replays the compiled steps before the one that made step `bad`'s loss non-finite, traces it, and names the first Program step whose output is not finite. */
function firstNonFinite(
  spec: MlpSpec,
  w: readonly PlainArray[],
  b: { x: PlainArray; y: PlainArray },
  bad: number,
): string {
  const runner = compiledRunner(spec, w, 'tfjs');
  const program = assembleLearner(mlpModel(spec), { optimiser: spec.optimiser.kind, loss: spec.loss }).stepProgram;
  const rows = { features: b.x.data, labels: b.y.data, n: spec.batch };
  try {
    for (let s = 0; s < bad - 1; s++) runner.step(rows);
    const { buffers } = runner.traceStep(rows).trace;
    const badBuffer = (i: number) => buffers[i]?.data.some((v) => !Number.isFinite(v)) ?? false;
    const input = program.inputs.findIndex(badBuffer);
    if (input >= 0) return `input ${input} of the step is already not finite`;
    const at = program.steps.findIndex((st) => st.outputs.some(badBuffer));
    if (at < 0) return 'no buffer of the traced step is non-finite';
    const st = program.steps[at];
    const ins = st.inputs.map((i) => `[${buffers[i]?.data.slice(0, 3).join(', ')}…]`).join(' ');
    return `first at Program step ${at} '${st.gen}' ${JSON.stringify(st.config)} (${st.pass}, from ${st.source ?? '?'}) on inputs ${ins}`;
  } finally {
    runner.dispose();
  }
}
