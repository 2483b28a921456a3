/**
 * CatGPT, tiny, against PyTorch (docs/transformer.md, "Checked against PyTorch"): Lensboard's
 * PyTorch export of the network, loaded with Lensboard's initial weights and trained by its own
 * train.py with plain SGD on the same batches of text, computes the losses Lensboard's typed
 * engine computes: within 1e-4 relative in float32 and 1e-10 in float64 at every step. The
 * export's DDP continuation is checked with the other exports' in src/export/pytorch.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CATGPT_TINY } from '../../io/examples/transformer';
import { lensboardLosses, type Prepared, prepareCatgpt, torchLosses, worstRelative } from './catgptSteps';

const STEPS = 4;
const BATCH = 8;
/** CatGPT's SGD rate 0.1 on the mean over a batch's positions, as a rate on their sum. */
const LEARNING_RATE = 0.1 / (BATCH * CATGPT_TINY.context);

let prepared: Prepared;
let torch: { float32: number[]; float64: number[] };

beforeAll(async () => {
  prepared = await prepareCatgpt(
    { ...CATGPT_TINY, batchSize: BATCH, optimiser: { kind: 'gd', learningRate: LEARNING_RATE } },
    STEPS,
  );
  torch = torchLosses(prepared);
}, 120_000);

describe('CatGPT, tiny, trained by Lensboard and by PyTorch from the same weights on the same batches', () => {
  it('has the losses PyTorch has in float64 (typed64 engine), within 1e-10, and they fall', () => {
    const ours = lensboardLosses(prepared, 'float64');
    expect(worstRelative(ours, torch.float64)).toBeLessThan(1e-10);
    expect(ours[STEPS - 1]).toBeLessThan(ours[0]);
  });

  it('has the losses PyTorch has in float32 (typed engine), within 1e-4', () => {
    expect(worstRelative(lensboardLosses(prepared, 'float32'), torch.float32)).toBeLessThan(1e-4);
  });
});
