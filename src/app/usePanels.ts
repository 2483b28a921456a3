/** The open panels as React state, each toggle kept in localStorage (app/panelLayout.ts). */
import { useCallback, useState } from 'react';
import { PANELS_KEY, type Panel, type PanelsOpen, readPanels } from './panelLayout';

function kept(): string | null {
  try {
    return localStorage.getItem(PANELS_KEY);
  } catch {
    return null; // storage refused (a private window's policy): the default arrangement
  }
}

export function usePanels(): [PanelsOpen, (panel: Panel, open?: boolean) => void] {
  const [open, setOpen] = useState(() => readPanels(kept(), window.innerWidth));
  const toggle = useCallback((panel: Panel, to?: boolean) => {
    setOpen((now) => {
      const next = { ...now, [panel]: to ?? !now[panel] };
      try {
        localStorage.setItem(PANELS_KEY, JSON.stringify(next));
      } catch {
        // not kept: the choice holds for this page
      }
      return next;
    });
  }, []);
  return [open, toggle];
}
