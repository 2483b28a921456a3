/**
 * The teacher's side of the Class panel (docs/class.md#for-a-teacher): the code, the students'
 * link and its QR code, the teacher's own link (the only place the key appears), "Pause
 * everyone", "Reset everyone", "Ask everyone for their weights", "Pool the class's data" and
 * what it refused, the way back from a student's model to the class's diagram, the dataset for
 * everyone, whether the students step the lesson themselves, the board and its sharing.
 */
import { useStore } from 'zustand';
import { showCode } from '../io/classRooms';
import { DatasetSelect } from '../train-ui/data/DatasetSelect';
import { BoardChart } from './BoardChart';
import { BoardTable } from './BoardTable';
import { bestRun } from './board';
import { live, type Membership } from './liveStore';
import { QrCode } from './QrCode';
import { EVERYONE } from './weights';

/**
 * The board alone reads the rows: they change a few times a second while a class trains, and the
 * rest of the view (the QR code, the controls, the dataset picker) is not drawn again for them.
 */
function TeacherBoard() {
  const rows = useStore(live, (s) => s.rows);
  const named = useStore(live, (s) => s.named);
  const best = bestRun(rows);
  return (
    <>
      <h3>
        The board: {rows.length} student{rows.length === 1 ? '' : 's'}
      </h3>
      <BoardChart rows={rows} best={best} named={named} />
      <BoardTable rows={rows} best={best} named={named} />
    </>
  );
}

export function TeacherView({ m }: { m: Membership }) {
  const noRows = useStore(live, (s) => s.rows.length === 0);
  const named = useStore(live, (s) => s.named);
  const pause = useStore(live, (s) => s.pauseEveryone);
  const reset = useStore(live, (s) => s.resetEveryone);
  const chooseDataset = useStore(live, (s) => s.chooseDataset);
  const classDataset = useStore(live, (s) => s.classDataset);
  const shared = useStore(live, (s) => s.shared);
  const released = useStore(live, (s) => s.lessonReleased);
  const ask = useStore(live, (s) => s.askWeights);
  const viewing = useStore(live, (s) => s.viewing);
  const pool = useStore(live, (s) => s.poolClass);
  const poolNote = useStore(live, (s) => s.poolNote);
  const poolRefused = useStore(live, (s) => s.poolRefused);
  const poolShape = useStore(live, (s) => s.poolShape);
  const back = useStore(live, (s) => s.backToClass);
  const studentsLink = `${location.origin}/?class=${m.code}`;
  const teacherLink = `${studentsLink}&teacher=${m.key ?? ''}`;
  return (
    <>
      <div className="live-invite">
        <QrCode text={studentsLink} label="QR code of the students’ link" />
        <div>
          <p className="live-code">
            Class code
            <br />
            <strong className="live-code-value">{showCode(m.code)}</strong>
          </p>
          <p>
            Students open <a href={studentsLink}>{studentsLink}</a> (or scan it) and give their name.
          </p>
        </div>
      </div>
      <details>
        <summary>Your teacher’s link</summary>
        <p>Opens this class as its teacher from another browser. It holds your key: keep it to yourself.</p>
        <input readOnly aria-label="Teacher’s link" value={teacherLink} onFocus={(e) => e.currentTarget.select()} />
      </details>
      <div className="live-controls">
        <button type="button" disabled={!pause} onClick={() => pause?.()}>
          Pause everyone
        </button>
        <button type="button" disabled={!reset} onClick={() => reset?.()}>
          Reset everyone
        </button>
        <button type="button" disabled={!ask || noRows} onClick={() => ask?.(EVERYONE)}>
          Ask everyone for their weights
        </button>
        <button type="button" disabled={!pool || noRows} onClick={() => pool?.()}>
          Pool the class’s data
        </button>
      </div>
      <div className="live-choices">
        <label>
          <input
            type="checkbox"
            checked={named}
            disabled={!chooseDataset}
            onChange={(e) => live.setState({ named: e.currentTarget.checked })}
          />{' '}
          Show names
        </label>
        <label>
          <input
            type="checkbox"
            checked={shared}
            onChange={(e) => live.setState({ shared: e.currentTarget.checked })}
          />{' '}
          Share the board with the class
        </label>
        <label>
          <input
            type="checkbox"
            checked={released}
            disabled={!chooseDataset}
            onChange={(e) => live.setState({ lessonReleased: e.currentTarget.checked })}
          />{' '}
          Let students step the lesson themselves
        </label>
      </div>
      <fieldset className="live-dataset" disabled={!chooseDataset}>
        <legend>For everyone</legend>
        <DatasetSelect
          binding={classDataset ?? undefined}
          onChoose={(id) => chooseDataset?.(id ? { id, options: {} } : null)}
        />
        {classDataset && (
          <button type="button" onClick={() => chooseDataset?.(null)}>
            Each diagram’s own dataset
          </button>
        )}
      </fieldset>
      <p className="live-pool-shape">
        {poolRefused ??
          `Students add points of ${poolShape.features.join(', ')} and a class (${poolShape.classes.join(', ')}).`}
      </p>
      {poolNote && (
        <div role="status" aria-label="Pooled data">
          <p>{poolNote.text}</p>
          {poolNote.problems.length > 0 && (
            <ul>
              {poolNote.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {viewing && (
        <p className="live-viewing" role="status">
          Your canvas shows {viewing.label}’s model; the class keeps your diagram.{' '}
          <button type="button" onClick={() => back?.()}>
            Back to the class’s diagram
          </button>
        </p>
      )}
      <TeacherBoard />
    </>
  );
}
