/**
 * The run's model, as a function the page can call: the session reads the run's model file once
 * and then its current weights (`session.learnt`), and `predict` runs on the typed engine
 * (float32, the trainer's own arithmetic). Read at most every half second while the run moves
 * (a large model less often), once when it pauses or ends, and never twice at a time
 * (runReads.ts), so the views cost the run almost nothing.
 */
import { useEffect, useState } from 'react';
import type { LoadedModel } from '../../model/modelRuntime';
import { useTrainSession } from '../session/TrainSessionContext';
import { watchRunReads } from './runReads';

const EVERY_MS = 500;
/**
 * A model of this many weights (the MNIST MLP's 101,770) is read every few seconds: each read
 * runs the views' predictions (a confusion matrix of 2,000 rows) on the page's thread.
 */
const LARGE = 50_000;

const size = (model: LoadedModel): number => model.parameters.reduce((n, p) => n + p.data.length, 0);
const LARGE_EVERY_MS = 3000;

export interface Learnt {
  readonly model: LoadedModel | null;
  /** The step the model's weights are the weights after: what a view of them says it shows. */
  readonly step: number | null;
  readonly problem: string | null;
}

const NONE: Learnt = { model: null, step: null, problem: null };

export function useLearnt(enabled: boolean): Learnt {
  const session = useTrainSession();
  const [learnt, setLearnt] = useState<Learnt>(NONE);
  useEffect(() => {
    if (!enabled) return;
    return watchRunReads(session, {
      read: () => session.reads.learntAt(),
      answered: (read) => {
        // no weights yet: nothing to show, and the next read may start at once
        if (read === null) return 0;
        const { model, step } = read;
        setLearnt({ model, step, problem: null });
        return size(model) > LARGE ? LARGE_EVERY_MS : EVERY_MS;
      },
      failed: (e) => {
        setLearnt({ model: null, step: null, problem: e instanceof Error ? e.message : String(e) });
        return EVERY_MS;
      },
      cleared: (phase) => {
        if (phase !== 'starting') setLearnt((shown) => (shown.model === null && shown.problem === null ? shown : NONE));
      },
    });
  }, [enabled, session]);
  return learnt;
}
