/**
 * An overlay whose code loads when it is first opened, not with the page (the entry bundle stays
 * small: bench/suites/app.ts). Until it has loaded, an open overlay shows a busy line; a load that
 * fails closes the overlay and says so as a notice. Once loaded, the overlay's own component
 * renders from then on and decides itself when it is shown.
 */
import { type ComponentType, useEffect, useState } from 'react';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { useOverlay } from '../store/hooks';
import type { Overlay } from '../store/types';

/** A loader (one per overlay, made once at module level) and the component it gave. */
const loaded = new Map<() => Promise<ComponentType>, ComponentType>();

export function LazyOverlay({
  overlay,
  what,
  load,
}: {
  overlay: Exclude<Overlay, null>;
  /** What a user reads in "Loading …" and in the notice of a failed load: `the picture dialog`. */
  what: string;
  /** A dynamic import of the overlay's component; the same function on every render. */
  load: () => Promise<ComponentType>;
}) {
  const open = useOverlay() === overlay;
  const store = useEditorStoreApi();
  const [Loaded, setLoaded] = useState<ComponentType | null>(() => loaded.get(load) ?? null);
  useEffect(() => {
    if (!open || Loaded) return;
    let live = true;
    load().then(
      (c) => {
        loaded.set(load, c);
        if (live) setLoaded(() => c);
      },
      (e: unknown) => {
        if (!live) return;
        const s = store.getState();
        s.setOverlay(null);
        s.notify(`Could not load ${what}: ${e instanceof Error ? e.message : String(e)}`, 'error');
      },
    );
    return () => {
      live = false;
    };
  }, [open, Loaded, load, what, store]);
  if (Loaded) return <Loaded />;
  if (!open) return null;
  return (
    <div className="lazy-overlay-busy" role="status" aria-busy="true">
      Loading {what}…
    </div>
  );
}
