/**
 * Which of the panel's buttons can be pressed in a phase, and, for each that cannot, why — in
 * words shown as its tooltip, so a class never meets a grey button without a reason.
 */
import { ENDED, type Phase } from '../session/sessionState';

export interface ControlState {
  readonly enabled: boolean;
  /** What pressing it does, or why it cannot be pressed now. */
  readonly title: string;
}

export interface ControlStates {
  /** Pause while a run trains, Play otherwise. */
  readonly play: ControlState & { readonly pause: boolean };
  readonly step: ControlState;
  readonly reset: ControlState;
}

const WAITING: Partial<Record<Phase, string>> = {
  starting: 'the run is starting: the data loads and the diagram compiles',
  pausing: 'the run is pausing: it waits for the worker to stop after its step',
  resuming: 'the run is resuming: it waits for the worker to go on',
  stepping: 'a step is under way: it waits for the worker to take it',
};

export function controlStates(phase: Phase): ControlStates {
  const waiting = WAITING[phase];
  const pause = phase === 'running' || phase === 'resuming';
  const play: ControlStates['play'] = pause
    ? {
        pause,
        enabled: phase === 'running',
        title: phase === 'running' ? 'Pause the run after its step' : `Pause waits: ${waiting}`,
      }
    : {
        pause,
        enabled: waiting === undefined,
        title: waiting
          ? `Play waits: ${waiting}`
          : ENDED.has(phase)
            ? 'Train the planned epochs more, from the final weights'
            : 'Train for the epochs the settings plan',
      };
  const canStep = phase === 'idle' || phase === 'paused' || phase === 'error' || ENDED.has(phase);
  const step = {
    enabled: canStep,
    title: canStep
      ? 'Take one batch: one step of the optimiser (a finished run goes on from its final weights)'
      : phase === 'running'
        ? 'Step takes one batch of a paused run: press Pause first'
        : `Step waits: ${waiting ?? 'the run is busy'}`,
  };
  const reset = { enabled: true, title: 'Forget this run (it stays in Runs); the next starts from new weights' };
  return { play, step, reset };
}
