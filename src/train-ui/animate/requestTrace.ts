/**
 * Asks the page's training session for one traced step: the next step the run takes. With no
 * run yet, one is started paused (its first step taken), then the next step is traced; a paused
 * run is stepped once; a running run hands over the step it takes next; a finished run steps on
 * from its final weights, that step traced.
 */
import type { LensDocument } from '../../io/document';
import type { SentTrace } from '../../learn/traceSummary';
import { ENDED, type Phase, type SessionState } from '../session/sessionState';
import type { TrainSession } from '../session/trainSession';

const SETTLED: ReadonlySet<Phase> = new Set(['paused', 'running', 'error', 'done', 'stopped', 'failed']);
const over = (s: SessionState) => s.phase === 'error' || ENDED.has(s.phase);

/** The first state that passes `ok` (now, or when the session reports it), and a way to stop waiting. */
function watch(session: TrainSession, ok: (s: SessionState) => boolean) {
  let stop = () => {};
  const promise = new Promise<SessionState>((resolve) => {
    if (ok(session.state)) return resolve(session.state);
    stop = session.store.subscribe((s) => {
      if (!ok(s)) return;
      stop();
      resolve(s);
    });
  });
  return { promise, stop: () => stop() };
}

const until = (session: TrainSession, ok: (s: SessionState) => boolean) => watch(session, ok).promise;

export interface Traced {
  readonly step: number;
  readonly trace: SentTrace;
  /** The document the run trains. */
  readonly document: LensDocument;
}

/** `example`: the example whose rows come with a large (summarised) trace. */
export async function requestTrace(session: TrainSession, example = 0): Promise<Traced> {
  let { phase } = session.state;
  if (phase === 'idle' || phase === 'error') {
    session.step();
    phase = (await until(session, (s) => s.phase === 'paused' || over(s))).phase;
  } else if (!SETTLED.has(phase)) phase = (await until(session, (s) => SETTLED.has(s.phase))).phase;
  if (phase === 'error') throw new Error(session.state.message ?? 'the run could not start');
  // Asked before the step it traces: a step already on its way would go untraced. A finished
  // run goes on in the same worker, parked: the trace is asked of it between the two.
  let reply: ReturnType<TrainSession['reads']['trace']> = null;
  if (ENDED.has(phase))
    session.stepOn(() => {
      reply = session.reads.trace(example);
    });
  else reply = session.reads.trace(example);
  if (!reply) throw new Error('there is no run to trace');
  if (phase === 'paused') session.step();
  // a run that ends or fails before its next step never sends the trace
  const ended = watch(session, over);
  try {
    return await Promise.race([
      reply,
      ended.promise.then((s) => Promise.reject(new Error(s.message ?? 'the run ended before its next step'))),
    ]);
  } finally {
    ended.stop();
  }
}
