/**
 * Whether the training panel's settings column is open. A panel narrower than `NARROW_PANEL`
 * (1280×720 with the palette, the inspector and the data panel open: 720 px) has its settings
 * folded to a rail, so that its views have room (MNIST's ten-class confusion matrix had 191 px and
 * did not fit; docs/screen.md); a wider one has them open. A user's opening or closing holds
 * until the panel next crosses that width.
 */
import { type RefObject, useLayoutEffect, useState } from 'react';

export const NARROW_PANEL = 860;

/** Open or folded for a panel `width` px wide, before a user has chosen. */
export const settingsOpenAt = (width: number): boolean => width === 0 || width >= NARROW_PANEL;

export function useSettingsFold(panel: RefObject<HTMLElement | null>): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(true);
  // measured before the first paint, so a narrow panel never shows its settings open for a frame
  useLayoutEffect(() => {
    const el = panel.current;
    if (!el) return;
    let wide: boolean | null = null;
    const look = () => {
      const now = settingsOpenAt(el.getBoundingClientRect().width);
      if (now !== wide) setOpen(now);
      wide = now;
    };
    look();
    const watch = new ResizeObserver(look);
    watch.observe(el);
    return () => watch.disconnect();
  }, [panel]);
  return [open, setOpen];
}
