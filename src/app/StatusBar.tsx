/**
 * The status bar: what the training worker really runs, a warning when it is not what was asked,
 * and the log of the editor's messages.
 */
import { NoticeLog } from '../editor/overlays/NoticeLog';
import { engineText } from '../train-ui/panel/phaseText';
import { ENGINE_LABELS } from '../train-ui/session/engineChoice';
import type { SessionState } from '../train-ui/session/sessionState';
import { useSession } from '../train-ui/session/TrainSessionContext';

/** The warning of a backend that did not start, if one did not. */
function statusWarning(s: SessionState): string | null {
  const b = s.backend;
  const failed = b?.failures.find((f) => f.backend === b.requested);
  return failed ? `${failed.backend} could not start (${failed.reason}); training runs on ${b?.active}` : null;
}

/** It reads what it says as text, so it re-renders when that changes, not at each step the session reports. */
export function StatusBar() {
  const text = useSession((st) => engineText(st) ?? `— (next run: ${ENGINE_LABELS[st.choice]})`);
  const warning = useSession(statusWarning);
  return (
    <footer className="status-bar">
      <span>
        Training runs on <output data-testid="backend-status">{text}</output>
      </span>
      <NoticeLog />
      {warning && (
        <span className="status-warning" role="alert">
          {warning}
        </span>
      )}
    </footer>
  );
}
