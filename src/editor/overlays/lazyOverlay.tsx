/**
 * An overlay whose code loads when it is first opened, not with the page (the entry bundle stays
 * small: bench/suites/app.ts; docs/architecture.md, "The first screen"). Until it has loaded, an
 * open overlay shows a busy line; a load that fails closes the overlay and says so as a notice.
 * Once loaded, the overlay's own component renders from then on and decides itself when it is shown.
 */
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { useOverlay } from '../store/hooks';
import type { Overlay } from '../store/types';

/** A loader (one per component, made once at module level) and the component it gave. */
const loaded = new Map<() => Promise<unknown>, unknown>();

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
  return <LazyWhen open={open} what={what} load={load} close={() => store.getState().setOverlay(null)} props={{}} />;
}

/**
 * The same for a panel or dialog opened by other state than `overlay` (a question, a lesson):
 * `close` puts that state back when the code could not load, and `props` go to the component.
 */
export function LazyWhen<P extends object>({
  open,
  what,
  load,
  close,
  props,
}: {
  open: boolean;
  what: string;
  load: () => Promise<ComponentType<P>>;
  close: () => void;
  props: P;
}) {
  const store = useEditorStoreApi();
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(
    () => (loaded.get(load) as ComponentType<P> | undefined) ?? null,
  );
  // `close` may be made anew on each render: a failed load calls the latest, and a new one starts no load
  const closing = useRef(close);
  closing.current = close;
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
        closing.current();
        store.getState().notify(`Could not load ${what}: ${e instanceof Error ? e.message : String(e)}`, 'error');
      },
    );
    return () => {
      live = false;
    };
  }, [open, Loaded, load, what, store]);
  if (Loaded) return <Loaded {...props} />;
  if (!open) return null;
  return (
    <div className="lazy-overlay-busy" role="status" aria-busy="true">
      Loading {what}…
    </div>
  );
}
