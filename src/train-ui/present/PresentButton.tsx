/**
 * "Present ▾" in the header: the teacher chooses what to show a class — the animation of a
 * training step, the lens view, or a training run with its loss chart — and the page goes
 * fullscreen with only the canvas and its caption (docs/presenting.md). The layer drawn while
 * presenting (laser pointer, the run's chart, the lens view's caption) lives here too, outside
 * the panels that presenting hides.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from 'zustand';
import { LaserPointer } from './LaserPointer';
import { PresentTraining } from './PresentTraining';
import { goFullscreen, leavePresentation, present, presentStore, type Shown } from './presentStore';
import { usePresentLayer } from './usePresentLayer';
import { useValueCardPlacement } from './useValueCardPlacement';
import './present.css';

const CHOICES: readonly { what: Shown; label: string; hint: string }[] = [
  { what: 'animation', label: 'Animation of a step', hint: 'one training step, forward through the drawing and back' },
  { what: 'lens', label: 'Lens view', hint: 'each box with its backward strand, and the optimiser lens' },
  { what: 'training', label: 'Training run', hint: 'the drawing beside its loss chart, live as it trains' },
];

const LENS_CAPTION =
  'Lens view: each box carries its value forward, left to right, and its backward strand R[f] brings the change back, right to left (dashed). The optimiser hands each parameter p down and takes its change p′ back up.';

/**
 * The lens view's caption takes its room from the bottom of the screen (present.css reads
 * --present-caption-room): the drawing ends above it, so no box lies under the caption.
 */
function useCaptionRoom(caption: RefObject<HTMLElement | null>, on: boolean): void {
  useEffect(() => {
    const el = caption.current;
    if (!on || !el) return;
    const root = document.documentElement.style;
    const measure = () =>
      root.setProperty('--present-caption-room', `${Math.ceil(innerHeight - el.getBoundingClientRect().top)}px`);
    measure();
    const watch = new ResizeObserver(measure);
    watch.observe(el);
    return () => {
      watch.disconnect();
      root.removeProperty('--present-caption-room');
    };
  }, [caption, on]);
}

/**
 * On a page whose presentation someone else began (a live class's teacher): whose it is, fullscreen
 * on a press (the browser refuses it to a page that was not pressed), and the way out.
 */
function LedBar() {
  const fullscreen = useStore(presentStore, (s) => s.fullscreen);
  const [refused, setRefused] = useState(false);
  const can = typeof document.documentElement.requestFullscreen === 'function';
  return (
    <section className="present-led" aria-label="Your teacher’s presentation">
      <span>{refused ? 'This browser keeps the presentation in its window.' : 'Your teacher is presenting.'}</span>
      {can && !fullscreen && !refused && (
        <button type="button" onClick={() => void goFullscreen().then((granted) => setRefused(!granted))}>
          Full screen
        </button>
      )}
      <button type="button" onClick={leavePresentation}>
        Leave the presentation (Esc)
      </button>
    </section>
  );
}

export function PresentButton() {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const { showing, laser } = usePresentLayer();
  const place = useStore(presentStore, (s) => s.place);
  const led = useStore(presentStore, (s) => s.led);
  const caption = useRef<HTMLParagraphElement>(null);
  useCaptionRoom(caption, showing === 'lens');
  useValueCardPlacement(showing === 'animation');

  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  return (
    <div className="present-menu" ref={menu}>
      <button type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        Present ▾
      </button>
      {open && (
        <div role="menu" aria-label="Present" className="present-choices">
          {CHOICES.map((c) => (
            <button
              key={c.what}
              type="button"
              role="menuitem"
              title={c.hint}
              onClick={() => {
                setOpen(false);
                present(c.what);
              }}
            >
              {c.label}
            </button>
          ))}
        </div>
      )}
      {showing &&
        createPortal(
          <>
            {led && <LedBar />}
            {laser && !led && <LaserPointer />}
            {showing === 'training' && <PresentTraining />}
            {showing === 'lens' && (
              <p ref={caption} className="present-caption present-lens-caption" aria-live="polite">
                {place.of > 1 && (
                  <strong className="present-place">
                    Part {place.at + 1} of {place.of} (→ ←).{' '}
                  </strong>
                )}
                {LENS_CAPTION}
              </p>
            )}
          </>,
          document.body,
        )}
    </div>
  );
}
