/**
 * The class as a table (docs/class.md#the-board): one row per student, the best run marked, and
 * their weights: ask for them, then download them or open them on the teacher's canvas.
 */
import { memo } from 'react';
import { useStore } from 'zustand';
import { downloadBlob } from '../editor/persist/download';
import { safeFileBase } from '../editor/persist/fileName';
import { type BoardRow, shownName } from './board';
import { live } from './liveStore';

function Weights({ id, who }: { id: string; who: string }) {
  const w = useStore(live, (s) => s.weights[id]);
  const ask = useStore(live, (s) => s.askWeights);
  const open = useStore(live, (s) => s.openOnCanvas);
  const askButton = (
    <button type="button" disabled={!ask} aria-label={`Ask ${who} for their weights`} onClick={() => ask?.(id)}>
      {w ? 'Ask again' : 'Ask'}
    </button>
  );
  if (!w) return askButton;
  // Asked again if no answer comes: a page that reloaded since the ask does not answer it.
  if (w.state === 'asked')
    return (
      <>
        <span>Asked…</span> {askButton}
      </>
    );
  if (w.state === 'refused')
    return (
      <>
        <span role="note">{w.error}</span> {askButton}
      </>
    );
  return (
    <>
      <button
        type="button"
        aria-label={`Download ${who}’s model`}
        onClick={() => downloadBlob(new Blob([w.bytes.slice()]), `${safeFileBase(who, 'student')}-${w.name}`)}
      >
        Download
      </button>{' '}
      <button type="button" aria-label={`Open ${who}’s model on my canvas`} onClick={() => open?.(id, who)}>
        Open on my canvas
      </button>{' '}
      {askButton}
    </>
  );
}

const fixed = (v: number | null, digits: number) => (v === null ? '—' : v.toFixed(digits));

/** A row is drawn again only when its student's report, rank or shown name changed. */
const Row = memo(function Row({ row: r, best, who }: { row: BoardRow; best: boolean; who: string }) {
  return (
    <tr className={best ? 'live-best' : undefined} aria-current={best ? 'true' : undefined}>
      <th scope="row">
        {who}
        {best ? ' ★ best' : ''}
      </th>
      <td>{r.phase}</td>
      <td>{r.step}</td>
      <td>{fixed(r.loss, 4)}</td>
      <td>{r.accuracy === null ? '—' : `${(r.accuracy * 100).toFixed(1)}%`}</td>
      <td>{r.learningRate === null ? '—' : String(r.learningRate)}</td>
      <td>
        <Weights id={r.id} who={who} />
      </td>
    </tr>
  );
});

export function BoardTable({ rows, best, named }: { rows: readonly BoardRow[]; best: string | null; named: boolean }) {
  // In a narrow panel (a 1280 laptop) the table scrolls sideways in its own box, the names
  // staying in view; the panel itself never scrolls sideways.
  return (
    <div className="live-table-box">
      <table className="live-table" aria-label="The class">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">State</th>
            <th scope="col">Step</th>
            <th scope="col">Loss</th>
            <th scope="col">Accuracy</th>
            <th scope="col">Learning rate</th>
            <th scope="col">Weights</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <Row key={r.id} row={r} best={r.id === best} who={shownName(r, i, named)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
