/**
 * The status bar: what the training worker really runs, a warning when it is not what was asked,
 * the notation switch (plain words or mathematics, docs/notation.md) and the log of the editor's
 * messages, an ONNX file being opened with its progress and Cancel, and a big diagram's types
 * being checked off the main thread. In plain notation the
 * engine's line leads with plain words (statusWords.ts).
 */

import { NotationSwitch } from '../editor/notation/NotationSwitch';
import { useNotation } from '../editor/notation/useNotation';
import { CompilingStatus } from '../editor/overlays/CompilingStatus';
import { NoticeLog } from '../editor/overlays/NoticeLog';
import { OnnxOpening } from '../editor/overlays/OnnxOpening';
import { engineText } from '../train-ui/panel/phaseText';
import { ENGINE_LABELS } from '../train-ui/session/engineChoice';
import type { SessionState } from '../train-ui/session/sessionState';
import { useSession } from '../train-ui/session/TrainSessionContext';
import { engineName, plainStatus } from './statusWords';

/** The warning of a backend that did not start, if one did not. */
function statusWarning(s: SessionState): string | null {
  const b = s.backend;
  const failed = b?.failures.find((f) => f.backend === b.requested);
  return failed ? `${failed.backend} could not start (${failed.reason}); training runs on ${b?.active}` : null;
}

const nextRun = (st: SessionState) => `— (next run: ${ENGINE_LABELS[st.choice]})`;

/** It reads what it says as text, so it re-renders when that changes, not at each step the session reports. */
export function StatusBar() {
  const plain = useNotation() === 'plain';
  const text = useSession((st) => (plain ? engineName(st) : engineText(st)) ?? nextRun(st));
  const lead = useSession((st) => (plain ? plainStatus(st) : null));
  const warning = useSession(statusWarning);
  return (
    <footer className="status-bar">
      <span className="status-engine">
        {lead ? `${lead} · ` : 'Training runs on '}
        <output data-testid="backend-status" className={lead ? 'muted' : undefined}>
          {text}
        </output>
      </span>
      <OnnxOpening />
      <CompilingStatus />
      <NotationSwitch />
      <NoticeLog />
      {warning && (
        <span className="status-warning" role="alert">
          {warning}
        </span>
      )}
    </footer>
  );
}
