/**
 * One seed of an experiment: open the example document as a training session (the same path as
 * `npm run train` and the browser worker), train, and read the figures. MNIST trains on the
 * fixed 8,000-digit half of `mnistSplit` and is tested after every epoch on its 2,000 others.
 */
import { loadDatasetNode } from '../../data/catalogNode';
import type { Dataset } from '../../data/dataset';
import { mnistSplit } from '../../data/mnist';
import { loadExample } from '../../io/examples/index';
import type { Metrics } from '../../learn/metrics';
import type { EngineName } from '../../learn/runners/types';
import { openSession } from '../../learn/session';
import type { Experiment } from './catalog';

export interface EpochLine {
  readonly epoch: number;
  /** Epochs the run will take in all. */
  readonly of: number;
  readonly running: Metrics;
  readonly test: Metrics | null;
  /**
   * The trainer's steps per second over its last half second or more of training, as the panel
   * and `npm run train` give it (null before there is such a window): an epoch of Iris is 150
   * steps in well under a millisecond, too short for the clock to time on its own.
   */
  readonly stepsPerSecond: number | null;
}

export interface SeedResult {
  readonly seed: number;
  readonly engine: string;
  readonly epochs: number;
  readonly steps: number;
  readonly seconds: number;
  readonly train: Metrics;
  readonly test: Metrics | null;
}

export interface SeedOptions {
  readonly engine: EngineName;
  readonly epochs?: number;
  readonly onEpoch?: (line: EpochLine) => void;
}

/** MNIST's fixed split, loaded once per process: every seed and every epoch sees the same test set. */
let mnist: Promise<{ train: Dataset; test: Dataset }> | undefined;
const mnistHalves = () => {
  mnist ??= loadDatasetNode('mnist').then(mnistSplit);
  return mnist;
};

export async function runSeed(exp: Experiment, seed: number, o: SeedOptions): Promise<SeedResult> {
  const test = exp.report === 'test' ? (await mnistHalves()).test : null;
  const load = exp.report === 'test' ? async () => (await mnistHalves()).train : loadDatasetNode;
  const { trainer } = await openSession(
    {
      document: loadExample(exp.example),
      settings: {
        engine: o.engine,
        seed,
        testFraction: 0,
        evaluateEachEpoch: false,
        ...(o.epochs !== undefined ? { epochs: o.epochs } : {}),
      },
    },
    load,
  );
  try {
    trainer.onEpoch((e) => {
      const stepsPerSecond = trainer.stepsPerSecond();
      const t = test ? trainer.evaluate(test) : null;
      o.onEpoch?.({
        epoch: e.epoch,
        of: trainer.settings.epochs,
        running: e.running,
        test: t,
        stepsPerSecond,
      });
    });
    const r = await trainer.run();
    return {
      seed,
      engine: trainer.engine,
      epochs: r.epochs,
      steps: r.steps,
      seconds: r.seconds,
      train: r.train,
      test: test ? trainer.evaluate(test) : null,
    };
  } finally {
    trainer.dispose();
  }
}
