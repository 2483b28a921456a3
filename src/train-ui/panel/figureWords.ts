/**
 * What each of the panel's figures measures, said beside it (docs/training-panel.md, "Which
 * weights a figure describes"): the loss and accuracy of the latest step's batch or of the whole
 * training set, the test set's after an epoch's end or at an open. Read as one measurement with
 * the confusion matrix of the current weights beside them, a test figure of the last finished
 * epoch once said 88.3% where the matrix said 92.2%.
 */
import type { Metrics } from '../../learn/trainProtocol';
import type { SessionState } from '../session/sessionState';

/** The rows the Loss and Accuracy figures are measured on, in a word; null when they show none. */
export function lossWords(s: Pick<SessionState, 'loss' | 'lossOf'>): string | null {
  if (s.loss === null || s.lossOf === null) return null;
  return s.lossOf === 'batch' ? 'batch' : 'train set';
}

export interface TestFigure {
  readonly metrics: Metrics;
  /** The weights it measures: "after epoch 3", "at step 1,200". */
  readonly when: string;
}

/** The test set's latest measure, and of which weights; null with no test set measured. */
export function testFigure(s: Pick<SessionState, 'epochs' | 'measured'>): TestFigure | null {
  const last = s.epochs.at(-1);
  if (last?.test) return { metrics: last.test, when: `after epoch ${last.epoch + 1}` };
  if (s.measured?.test) return { metrics: s.measured.test, when: `at step ${s.measured.step.toLocaleString('en')}` };
  return null;
}
