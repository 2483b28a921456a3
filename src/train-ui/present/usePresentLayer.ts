/**
 * What presenting changes on the page, and how leaving puts it back (docs/presenting.md): the
 * root element's classes (present.css hides everything but the canvas and the caption), the lens
 * view turned on to present it, the view framed on the whole drawing (the lens view a place at a
 * time, in type a class reads: framePlace.ts); on leaving, the lens view and the viewport exactly
 * as they were. Escape leaves; L turns the laser pointer on and off; → and ← walk the lens view's
 * places; presenting a run, space plays and pauses it. Keys typed into a field belong to the field.
 */
import { useReactFlow, useStore as useRFStore, useStoreApi } from '@xyflow/react';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useEditorStoreApi } from '../../editor/store/EditorStoreContext';
import { OVERVIEW_ZOOM, paddingAbovePanel } from '../animate/useFitAbovePanel';
import { controlStates } from '../panel/controlStates';
import { useTrainSession } from '../session/TrainSessionContext';
import { framePlace } from './framePlace';
import { followFullscreen, leavePresentation, presentStore, type Shown, stepPlace } from './presentStore';

export const PRESENTING = 'presenting';

export const typing = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName));

export const usePresenting = (): Shown | null => useStore(presentStore, (s) => s.showing);

/** Two frames: the panels are hidden (or back) and the canvas has its new size. */
const afterLayout = (f: () => void) => requestAnimationFrame(() => requestAnimationFrame(f));

/** A run: the whole drawing on the screen (its caption is beside the chart, under the pane). */
const frameWhole = (flow: ReturnType<typeof useReactFlow>) =>
  flow.fitView({ padding: paddingAbovePanel(0), minZoom: OVERVIEW_ZOOM, maxZoom: 1.5 });

/** The lens view: the place the teacher walked to, above its caption, which lies over the pane. */
function frameLens(flow: ReturnType<typeof useReactFlow>, pane: Element | null): void {
  const box = pane?.getBoundingClientRect();
  const caption = document.querySelector('.present-lens-caption')?.getBoundingClientRect();
  if (!box) return;
  const over = caption ? Math.max(0, box.bottom - caption.top) : 0;
  const ids = flow.getNodes().map((n) => n.id);
  framePlace(flow, ids, 0, { width: box.width, height: box.height }, over);
}

export function usePresentLayer(): { showing: Shown | null; laser: boolean } {
  const showing = usePresenting();
  const store = useEditorStoreApi();
  const flow = useReactFlow();
  const session = useTrainSession();
  const [laser, setLaser] = useState(true);

  useEffect(followFullscreen, []);

  useEffect(() => {
    if (!showing) return;
    const root = document.documentElement;
    const classes = [PRESENTING, `present-${showing}`];
    root.classList.add(...classes);
    const viewport = flow.getViewport();
    const lensView = store.getState().lensView;
    if (showing === 'lens' && !lensView) store.getState().setView({ lensView: true });
    // the animation frames the drawing itself (usePresentCamera.ts); the others when the pane has its new size (below)
    return () => {
      root.classList.remove(...classes);
      if (store.getState().lensView !== lensView) store.getState().setView({ lensView });
      void flow.setViewport(viewport);
    };
  }, [showing, store, flow]);

  // the lens view and a run keep the whole drawing framed when the screen changes size (a projector plugged in)
  const width = useRFStore((s) => s.width);
  const height = useRFStore((s) => s.height);
  const rf = useStoreApi();
  const place = useStore(presentStore, (s) => `${s.place.at} ${s.place.of}`);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the place walked to is when to look again; framePlace reads it
  useEffect(() => {
    if (!showing || showing === 'animation' || !width || !height) return;
    let gone = false;
    afterLayout(() => {
      if (gone) return;
      if (showing === 'lens') frameLens(flow, rf.getState().domNode);
      else void frameWhole(flow);
    });
    return () => {
      gone = true;
    };
  }, [showing, flow, rf, width, height, place]);

  useEffect(() => {
    if (!showing) return;
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'Escape') leavePresentation();
      else if (e.key === 'l' || e.key === 'L') setLaser((on) => !on);
      else if (showing === 'lens' && e.key === 'ArrowRight') stepPlace(0, 1);
      else if (showing === 'lens' && e.key === 'ArrowLeft') stepPlace(0, -1);
      else if (e.key === ' ' && showing === 'training') {
        const { play } = controlStates(session.store.getState().phase);
        if (play.enabled && play.pause) session.pause();
        else if (play.enabled) session.play();
      } else return;
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [showing, session]);

  return { showing, laser };
}
