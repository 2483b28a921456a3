/**
 * The status bar: what the training worker really runs, a warning when it is not what was asked,
 * and the log of the editor's messages.
 */
import { NoticeLog } from '../editor/overlays/NoticeLog';
import { engineText } from '../train-ui/panel/phaseText';
import { ENGINE_LABELS } from '../train-ui/session/engineChoice';
import { useSession } from '../train-ui/session/TrainSessionContext';

export function StatusBar() {
  const s = useSession((st) => st);
  const text = engineText(s);
  const b = s.backend;
  const failed = b?.failures.find((f) => f.backend === b.requested);
  const warning = failed ? `${failed.backend} could not start (${failed.reason}); training runs on ${b?.active}` : null;
  return (
    <footer className="status-bar">
      <span>
        Training runs on{' '}
        <output data-testid="backend-status">{text ?? `— (next run: ${ENGINE_LABELS[s.choice]})`}</output>
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
