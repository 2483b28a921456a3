/**
 * What a box puts out on the rows the hover card shows (BoxOutputTip.tsx), with the run's
 * current weights: the weights come from the worker as the views of what was learnt read them
 * (`session.reads.learnt`) and the forward pass runs in the page on the trainer's own float32
 * arithmetic (its `probe`). The rows are asked for when the card looks (attentionRows.ts), so
 * that they are the batch of the step whose weights are read; while the run moves the card
 * looks again about twice a second.
 */
import { useEffect, useRef, useState } from 'react';
import type { PlainArray } from '../../model/modelRuntime';
import { useSession, useTrainSession } from '../session/TrainSessionContext';
import type { AttentionRows } from './attentionRows';
import { type BoxOutput, summarise } from './boxOutput';

const HOVER_MS = 250;
const EVERY_MS = 600;
const NO_RUN = new Set(['idle', 'starting', 'error']);

export interface Shown {
  readonly output: BoxOutput | null;
  /** The output itself, for the attention pattern of a softmax box. */
  readonly raw: PlainArray | null;
  /** The rows it was computed on. */
  readonly rows: AttentionRows | null;
  readonly problem: string | null;
}
const NOTHING: Shown = { output: null, raw: null, rows: null, problem: null };

/**
 * `rowsAt(step)`: the rows to run at that step, or null when there are none (no data loaded);
 * `source` names which rows they are, so that a change of it looks again at once.
 */
export function useBoxOutput(
  box: string | null,
  rowsAt: ((step: number) => AttentionRows | null) | null,
  source: string,
): Shown {
  const session = useTrainSession();
  const phase = useSession((s) => s.phase);
  // Off a box the step is not read: each batch of steps re-rendered the card's hook for nothing.
  const step = useSession((s) => (box === null ? -1 : s.step));
  const ready = useSession((s) => s.ready);
  const [state, setState] = useState<Shown>(NOTHING);
  const asked = useRef('');
  const latest = useRef(rowsAt);
  latest.current = rowsAt;
  const live = box !== null && ready !== null && !NO_RUN.has(phase) && rowsAt !== null;
  // Off a box (or with no run) the step is no reason to look again: -1 keeps the effect still.
  const at = live ? step : -1;
  useEffect(() => {
    if (!live || !box) {
      asked.current = '';
      // The same object when nothing was shown: a new one each step re-rendered in a loop.
      setState((shown) => (shown === NOTHING ? shown : NOTHING));
      return;
    }
    const key = `${box}:${source}:${at}`;
    if (asked.current === key) return;
    let current = true;
    const wait = asked.current.startsWith(`${box}:${source}:`) ? EVERY_MS : HOVER_MS;
    const timer = setTimeout(() => {
      asked.current = key;
      session.reads.learnt().then(
        (model) => {
          const rows = latest.current?.(at) ?? null;
          if (!current || model === null || rows === null) return;
          const out = model.probe(rows.features).get(box);
          setState(
            out
              ? { output: summarise(box, out, at), raw: out, rows, problem: null }
              : { ...NOTHING, problem: 'This box computes nothing of the model’s forward pass.' },
          );
        },
        (e: unknown) => current && setState({ ...NOTHING, problem: e instanceof Error ? e.message : String(e) }),
      );
    }, wait);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [live, box, at, source, session]);
  return state;
}
