/**
 * "Animate a step": traces the next step of the page's run and plays it on the drawing — the
 * boxes light up in schedule order, each wire shows its value, then the changes come back in
 * reverse — with the rule each box applies, the followed example's numbers in it, and controls
 * to play, step box by box, scrub, pick the example and pin a wire.
 */
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { pinWire, usePinnedWire } from '../../editor/canvas/animationMarks';
import { useEditorStoreApi } from '../../editor/store/EditorStoreContext';
import { useDocument, useSelectedWires } from '../../editor/store/hooks';
import { printNumber } from '../../learn/explain/notation';
import { leavePresentation, present, presentStore } from '../present/presentStore';
import { usePresentCamera } from '../present/usePresentCamera';
import { useValueCardPlacement } from '../present/useValueCardPlacement';
import { useTrainSession } from '../session/TrainSessionContext';
import { frameCaption, paramUpdates } from './captions';
import { installDebugAnimation } from './debugAnimation';
import { namer, PinnedWire, wireEnds } from './PinnedWire';
import { Player, SPEEDS } from './player';
import { requestTrace } from './requestTrace';
import { shareFrames } from './sharedFrame';
import { drawableOn, EDITED_SINCE, readTrace } from './stepTrace';
import { useFitAbovePanel, usePanelDock } from './useFitAbovePanel';
import { useOpenedValues } from './useOpenedValues';
import { usePresentation } from './usePresentation';
import './animate.css';

const NO_BOXES: readonly string[] = [];

export function AnimationPanel() {
  const session = useTrainSession();
  const editor = useEditorStoreApi();
  const doc = useDocument();
  const [player] = useState(() => new Player());
  const s = useStore(player.store);
  const pinned = usePinnedWire();
  const presenting = usePresentation(player, s.status === 'ready');
  const section = useRef<HTMLElement>(null);
  useEffect(() => () => player.close(), [player]);
  useEffect(() => installDebugAnimation(player), [player]);
  useEffect(() => shareFrames(player), [player]);
  // clicking a wire on the canvas selects it: while a step is shown, that pins it too
  const selected = useSelectedWires();
  const ready = s.status === 'ready';
  useEffect(() => {
    if (ready && selected.length === 1) pinWire(selected[0]);
  }, [ready, selected]);

  const animate = async () => {
    player.waiting();
    try {
      const traced = await requestTrace(session, player.state.example);
      player.load(readTrace(traced, editor.getState().doc));
    } catch (e) {
      player.failed(e instanceof Error ? e.message : String(e));
    }
  };

  // presented from the header with no step shown yet: the step is traced first
  const tracing = useRef(animate);
  tracing.current = animate;
  // …and leaving puts the page back as it was: the step it traced is closed again
  const traced = useRef(false);
  useEffect(() => {
    if (presenting && player.state.status === 'idle') {
      traced.current = true;
      void tracing.current();
    }
    if (!presenting && traced.current) {
      traced.current = false;
      player.close();
    }
  }, [presenting, player]);

  const t = s.traced;
  // a step traced on the drawing as it was is not drawn on an edit of it
  const stale = useMemo(() => t !== null && !drawableOn(t.document, doc), [t, doc]);
  useEffect(() => {
    if (!stale) return;
    player.close();
    player.failed(EDITED_SINCE);
  }, [stale, player]);
  const name = useMemo(() => namer(doc), [doc]);
  const frames = t?.timeline.frames ?? [];
  const frame = frames[s.index];
  // placement only (docs/screen.md): at the canvas's bottom, or its side on a low, wide canvas
  // presented, the caption is a row of its own under the drawing, at every size (present.css)
  const paneDock = usePanelDock();
  const dock = presenting ? 'bottom' : paneDock;
  // presented, the camera follows the boxes at work at a size a class reads (present/presentCamera.ts)
  useFitAbovePanel(
    section,
    s.status === 'ready' && !presenting ? s.traced : null,
    frame?.boxes ?? NO_BOXES,
    dock,
    s.status === 'idle',
  );
  usePresentCamera(section, presenting && s.status === 'ready' && frame ? frame : null, s.index);
  // the value cards on no box, no other card and not the caption (presented, the Present button places them)
  useValueCardPlacement(s.status === 'ready' && !presenting);
  // presented, a frame too large to read whole is shown a part at a time (present/framePlace.ts)
  const place = useStore(presentStore, (p) => p.place);
  const parts = presenting && place.frame === s.index && place.of > 1 ? place : null;
  const notHere = useOpenedValues(session, player, t, pinned, frame, s.example);
  // the optimiser's caption prints its update diagram: made once per frame and example, not per render
  const caption = useMemo(
    () => (t && frame ? frameCaption(t.learner, frame, t.buffers, s.example, name) : null),
    [t, frame, s.example, name],
  );
  const updates = useMemo(
    () => (t && frame?.part === 'optimiser' && frame.kind === 'backward' ? paramUpdates(t.learner, t.buffers) : []),
    [t, frame],
  );

  const onKey = (e: KeyboardEvent) => {
    const tag = (e.target as HTMLElement).tagName;
    if (s.status !== 'ready' || tag === 'SELECT' || tag === 'INPUT') return;
    if (e.key === 'ArrowRight') player.next();
    else if (e.key === 'ArrowLeft') player.previous();
    else if (e.key === ' ' && tag !== 'BUTTON') player.toggle();
    else return;
    e.preventDefault();
  };

  if (s.status === 'idle' || s.status === 'waiting' || s.status === 'error')
    return (
      <section className="anim-panel anim-closed" aria-label="Animation">
        <button type="button" className="anim-start" onClick={animate} disabled={s.status === 'waiting'}>
          {s.status === 'waiting' ? 'Tracing a step…' : 'Animate a step'}
        </button>
        {s.status === 'error' ? (
          <p className="anim-error" role="alert">
            {s.message}
          </p>
        ) : (
          <p className="anim-hint">watch one training step go forward through the drawing and back</p>
        )}
      </section>
    );

  return (
    <section ref={section} className={`anim-panel anim-dock-${dock}`} aria-label="Animation" onKeyDown={onKey}>
      <div className="anim-controls">
        <button type="button" onClick={() => player.previous()} disabled={s.index === 0}>
          ◀ Previous box
        </button>
        <button type="button" onClick={() => player.toggle()}>
          {s.playing ? '❚❚ Pause' : '▶ Play'}
        </button>
        <button type="button" onClick={() => player.next()} disabled={s.index >= frames.length - 1}>
          Next box ▶
        </button>
        <input
          type="range"
          aria-label="Timeline"
          min={0}
          max={frames.length - 1}
          value={s.index}
          onChange={(e) => player.go(Number(e.target.value))}
        />
        <span className="anim-where" data-frame={s.index} data-pass={frame?.kind}>
          {s.index + 1} / {frames.length} · {frame?.kind === 'backward' ? 'backward' : 'forward'}
        </span>
        <label>
          Speed{' '}
          <select value={s.speed} onChange={(e) => player.setSpeed(Number(e.target.value))}>
            {SPEEDS.map((v) => (
              <option key={v} value={v}>
                {v}× box/s
              </option>
            ))}
          </select>
        </label>
        <label>
          Example{' '}
          <select value={s.example} onChange={(e) => player.follow(Number(e.target.value))}>
            {Array.from({ length: t?.batch ?? 1 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: examples are positions in the batch
              <option key={i} value={i}>
                {i + 1} of {t?.batch}
              </option>
            ))}
          </select>
        </label>
        <span className="anim-step">step {t?.step}</span>
        <button type="button" onClick={animate}>
          Trace the next step
        </button>
        <button
          type="button"
          aria-pressed={presenting}
          onClick={() => (presenting ? leavePresentation() : present('animation'))}
        >
          {presenting ? 'Leave presentation' : 'Present'}
        </button>
        <button type="button" onClick={() => player.close()}>
          Close
        </button>
      </div>
      <div className="anim-body">
        {notHere && (
          <p className="anim-error" role="alert">
            {notHere}
          </p>
        )}
        {caption && (
          <div className="anim-caption" aria-live="polite">
            <h3 className={`anim-title anim-title-${frame?.kind}`}>{caption.title}</h3>
            <p className="anim-rule">{caption.rule}</p>
            {caption.numbers && <p className="anim-rule-numbers">{caption.numbers}</p>}
            {parts && (
              <p className="anim-place">
                Part {parts.at + 1} of {parts.of} (→ ←)
              </p>
            )}
          </div>
        )}
        {(updates.length > 0 || (t && pinned)) && (
          <div className="anim-side">
            {updates.length > 0 && (
              <table className="anim-updates">
                <thead>
                  <tr>
                    <th>first entry of</th>
                    <th>p</th>
                    <th>p′</th>
                    <th>new p</th>
                  </tr>
                </thead>
                <tbody>
                  {updates.map((u) => (
                    <tr key={u.param}>
                      <td>{name(u.param.split('.')[0])}</td>
                      <td>{printNumber(u.p)}</td>
                      <td>{printNumber(u.change)}</td>
                      <td>{printNumber(u.next)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {t && pinned && (
              <PinnedWire t={t} wire={pinned} index={s.index} example={s.example} ends={wireEnds(doc, pinned, name)} />
            )}
          </div>
        )}
      </div>
    </section>
  );
}
