/**
 * The live class on the page (docs/class.md): the header's Class button, its panel, and the side
 * the page plays while it is in a class — the teacher's or a student's, loaded only then. A page
 * opened with `?class=CODE` offers to join; with `&teacher=KEY` too, it is the teacher's again.
 */
import { useReactFlow } from '@xyflow/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useLessonStoreApi } from '../classroom/ClassroomContext';
import { fitView } from '../editor/commands/fitView';
import { useEditor, useEditorStoreApi } from '../editor/store/EditorStoreContext';
import { isCode, isKey, normaliseCode, showCode } from '../io/classRooms';
import { useShelf } from '../train-ui/session/TrainSessionContext';
import { keepMembership, keptMembership, live, type Membership } from './liveStore';
import './live.css';

// Loaded when the panel first shows them: a page that never opens a class fetches neither.
const JoinForm = lazy(() => import('./JoinForm').then((m) => ({ default: m.JoinForm })));
const TeacherView = lazy(() => import('./TeacherView').then((m) => ({ default: m.TeacherView })));
const SharedBoard = lazy(() => import('./SharedBoard').then((m) => ({ default: m.SharedBoard })));
const PointsPlane = lazy(() => import('./PointsPlane').then((m) => ({ default: m.PointsPlane })));

/** Reads the page's address once: a class link, or the class this browser was in. */
function fromAddress(): void {
  const q = new URLSearchParams(location.search);
  const code = normaliseCode(q.get('class') ?? '');
  const key = q.get('teacher') ?? '';
  if (q.has('class')) {
    // The key leaves the address bar at once: a screen shared with the class never shows it.
    q.delete('class');
    q.delete('teacher');
    const rest = q.toString();
    history.replaceState(history.state, '', location.pathname + (rest ? `?${rest}` : '') + location.hash);
  }
  if (isCode(code) && isKey(key)) {
    const m: Membership = { role: 'teacher', code, key };
    keepMembership(m);
    live.setState({ membership: m, open: true });
    return;
  }
  const kept = keptMembership();
  if (kept && (!isCode(code) || kept.code === code)) live.setState({ membership: kept });
  else if (isCode(code)) live.setState({ offeredCode: code, open: true });
}

function useSide(m: Membership | null): void {
  const store = useEditorStoreApi();
  const shelf = useShelf();
  const lessons = useLessonStoreApi();
  useEffect(() => {
    if (!m) return;
    let stop: (() => void) | null = null;
    let gone = false;
    const load = m.role === 'teacher' ? import('./teacherSide') : import('./studentSide');
    void load.then((side) => {
      if (gone) return;
      stop = 'runTeacher' in side ? side.runTeacher(m, store, lessons) : side.runStudent(m, store, shelf, lessons);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [m, store, shelf, lessons]);
}

const STATUS = { connecting: 'Connecting…', connected: 'Connected', disconnected: 'Reconnecting…' } as const;

export function ClassButton() {
  const m = useStore(live, (s) => s.membership);
  const status = useStore(live, (s) => s.status);
  return (
    <button
      type="button"
      aria-expanded={useStore(live, (s) => s.open)}
      onClick={() => live.setState((s) => ({ open: !s.open }))}
    >
      {m ? `Class ${showCode(m.code)} · ${STATUS[status]}` : 'Class'}
    </button>
  );
}

/**
 * The panel is a column of the page: opening or closing it narrows or widens the canvas, and the
 * diagram is framed again for the canvas it now has (as Fit view frames it). A student's canvas
 * frames the teacher's diagram whole each time one arrives: it is locked, so the student reads it
 * rather than works in one corner of it, and at 1280 px beside the panel the opening's readable
 * zoom would leave its loss off the right edge.
 */
function useFrameOnToggle(open: boolean, student: boolean): void {
  const store = useEditorStoreApi();
  // read when the frame comes: a new `flow` object alone must not frame again, which would take
  // the view from under a user or the animation's own framing
  const flowNow = useReactFlow();
  const flow = useRef(flowNow);
  flow.current = flowNow;
  const opened = useEditor((s) => s.opened);
  const arrivals = student ? opened : 0;
  // What was framed for: only a change of these frames again
  const last = useRef({ open: false, arrivals });
  useEffect(() => {
    const was = last.current;
    last.current = { open, arrivals };
    if (was.open === open && was.arrivals === arrivals) return;
    // two frames: the grid has given the canvas its new width by the second
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => void fitView.run({ store, flow: flow.current }));
    });
    return () => cancelAnimationFrame(frame);
  }, [open, arrivals, store]);
}

export function ClassPanel() {
  // Only what the panel's frame shows: the board's rows change a few times a second, and the
  // panel drawn again for each of them drew its whole content again too.
  const {
    membership: m,
    open,
    status,
    error,
  } = useStore(
    live,
    useShallow((s) => ({ membership: s.membership, open: s.open, status: s.status, error: s.error })),
  );
  useEffect(fromAddress, []);
  useSide(m);
  useFrameOnToggle(open, m?.role === 'student');
  if (!open) return null;
  const leave = () => {
    keepMembership(null);
    live.setState({ membership: null, rows: [], error: null });
  };
  return (
    <section className="live-panel" aria-label="Class">
      <header>
        <h2>{m?.role === 'teacher' ? 'Your class' : 'A live class'}</h2>
        <button type="button" aria-label="Close the class panel" onClick={() => live.setState({ open: false })}>
          ×
        </button>
      </header>
      {m && (
        <p role="status" className={`live-status live-${status}`}>
          {STATUS[status]}
        </p>
      )}
      {error && <p role="alert">{error}</p>}
      <Suspense fallback={null}>
        {!m && <JoinForm />}
        {m?.role === 'teacher' && <TeacherView m={m} />}
        {m?.role === 'student' && (
          <>
            <p>
              In class <strong>{showCode(m.code)}</strong> as <strong>{m.name}</strong>: the teacher’s diagram is on
              your canvas, and your run’s numbers go to the teacher.
            </p>
            <PointsPlane />
            <SharedBoard />
          </>
        )}
      </Suspense>
      {m && (
        <button type="button" onClick={leave}>
          {m.role === 'teacher' ? 'Close the class on this page' : 'Leave the class'}
        </button>
      )}
    </section>
  );
}
