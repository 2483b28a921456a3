/**
 * A large step crosses from the worker as summaries (learn/traceSummary.ts); this asks for the
 * rest as the user opens it: the full values of the pinned wire's value and change, the weights
 * the shown frame's rule reads, and the rows of the example followed. What arrives is merged into
 * the step the player holds (values of a step no longer shown are dropped).
 */
import { useEffect, useState } from 'react';
import type { TrainSession } from '../session/trainSession';
import { captionNeeds } from './captions';
import type { Player } from './player';
import { missing, withValues } from './readings';
import type { TracedStep } from './stepTrace';
import type { Frame } from './timeline';

/** The buffers a pinned wire shows: its value and its changes. */
function wireBuffers(t: TracedStep, wire: string | null): number[] {
  const at = wire ? t.learner.sourceMap.wires[wire] : undefined;
  return at ? [at.value, ...at.changes] : [];
}

/** Asks for what is opened and not here yet; the message says why it could not come, if it could not. */
export function useOpenedValues(
  session: TrainSession,
  player: Player,
  t: TracedStep | null,
  pinned: string | null,
  frame: Frame | undefined,
  example: number,
): string | null {
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!t?.summarised) return;
    const wanted = [...wireBuffers(t, pinned), ...captionNeeds(t.learner, frame)];
    const { open, rows } = missing(t.learner.stepProgram, t.buffers, wanted, example);
    if (open.length === 0 && !rows) return;
    setFailed(null);
    session.reads.traceValues(t.step, open, example).then(
      (got) => player.fill(t.origin, (now) => ({ ...now, buffers: withValues(now.buffers, got) })),
      (e: unknown) => setFailed(e instanceof Error ? e.message : String(e)),
    );
  }, [session, player, t, pinned, frame, example]);
  return t?.summarised ? failed : null;
}
