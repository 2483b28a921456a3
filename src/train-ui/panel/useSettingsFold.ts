/**
 * Whether the training panel's settings column is open. The settings stand open beside the views
 * when the views keep room for the two charts side by side, each readable (`TWO_CHARTS`): at
 * 1280 px with the inspector and the data panel open (a 924 px panel) they are folded to a rail
 * and the charts are 285 px wide; opened, the charts were 189 px. A user's opening or closing
 * holds until the panel next crosses that width (docs/screen.md).
 */
import { type RefObject, useLayoutEffect, useState } from 'react';
import { TWO_CHARTS, viewsWidth } from './panelColumns';

/** Open or folded for a panel `width` px wide in a window `windowWidth` px wide, before a user has chosen. */
export const settingsOpenAt = (width: number, windowWidth: number): boolean =>
  width === 0 || viewsWidth(width, true, windowWidth) >= TWO_CHARTS;

export function useSettingsFold(panel: RefObject<HTMLElement | null>): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(true);
  // measured before the first paint, so a narrow panel never shows its settings open for a frame
  useLayoutEffect(() => {
    const el = panel.current;
    if (!el) return;
    let wide: boolean | null = null;
    const look = () => {
      const now = settingsOpenAt(el.getBoundingClientRect().width, window.innerWidth);
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
