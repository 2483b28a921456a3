/**
 * The laser pointer of presentation mode: a red dot that follows the teacher's pointer over the
 * canvas, so a class sees what is pointed at on the projector. L turns it on and off.
 */
import { useEffect, useRef } from 'react';

export function LaserPointer() {
  const dot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const canvas = document.querySelector<HTMLElement>('main.canvas');
    const el = dot.current;
    if (!canvas || !el) return;
    const move = (e: PointerEvent) => {
      el.style.transform = `translate(${e.clientX}px, ${e.clientY}px)`;
      el.hidden = false;
    };
    const out = () => {
      el.hidden = true;
    };
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerleave', out);
    return () => {
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerleave', out);
    };
  }, []);
  return <div ref={dot} className="laser-dot" data-testid="laser-pointer" hidden aria-hidden="true" />;
}
