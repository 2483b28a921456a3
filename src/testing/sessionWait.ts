/** Resolves with the session's state once `ok` holds of it (now, or at a later change). */
import type { SessionState } from '../train-ui/session/sessionState';
import type { TrainSession } from '../train-ui/session/trainSession';

export function until(s: TrainSession, ok: (st: SessionState) => boolean): Promise<SessionState> {
  return new Promise((resolve) => {
    if (ok(s.state)) return resolve(s.state);
    const off = s.store.subscribe((st) => {
      if (!ok(st)) return;
      off();
      resolve(st);
    });
  });
}
