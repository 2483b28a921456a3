/** The open panels as React state, each toggle kept in localStorage (app/panelLayout.ts). */
import { useCallback, useState } from 'react';
import { opened, PANELS_KEY, type Panel, type PanelsOpen, readPanels } from './panelLayout';

function kept(): string | null {
  try {
    return localStorage.getItem(PANELS_KEY);
  } catch {
    return null; // storage refused (a private window's policy): the default arrangement
  }
}

/**
 * The open panels, the toggle a user works (kept; opening a panel where the canvas has no room
 * for it folds the other side's: panelLayout.ts `opened`), and `reveal`, which opens a panel for
 * something the page points at (a lesson's ring) without making it the user's kept choice.
 */
export function usePanels(): [PanelsOpen, (panel: Panel, open?: boolean) => void, (panel: Panel) => void] {
  const [open, setOpen] = useState(() => readPanels(kept(), window.innerWidth));
  const toggle = useCallback((panel: Panel, to?: boolean) => {
    setOpen((now) => {
      const next = opened(now, panel, to ?? !now[panel], window.innerWidth);
      try {
        localStorage.setItem(PANELS_KEY, JSON.stringify(next));
      } catch {
        // not kept: the choice holds for this page
      }
      return next;
    });
  }, []);
  const reveal = useCallback((panel: Panel) => setOpen((now) => (now[panel] ? now : { ...now, [panel]: true })), []);
  return [open, toggle, reveal];
}
