/**
 * A part of the first screen drawn once the canvas has shown its boxes and the page has painted
 * (afterFirstPaint.ts): until then its place is kept by `placeholder` (nothing by default), so
 * the page's first style and layout pass, forced by React Flow as it measures the canvas, covers
 * fewer elements (docs/architecture.md, "The first screen"). Once shown, it stays.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { afterFirstPaint } from './afterFirstPaint';

let painted = false;

export function AfterFirstPaint({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  const [shown, setShown] = useState(painted);
  useEffect(() => {
    if (shown) return;
    return afterFirstPaint(() => {
      painted = true;
      setShown(true);
    });
  }, [shown]);
  return shown ? children : placeholder;
}
