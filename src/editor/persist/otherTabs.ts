/**
 * Is Lensboard open in another tab of this browser? Autosave keeps one document per browser (the
 * one edited last), so two tabs would overwrite each other's work in silence; knowing about the
 * other tab lets the editor say so. Tabs find each other on a BroadcastChannel: a tab says
 * `hello` when it opens (the others answer `here`) and `bye` when it is left.
 */

import { useEffect } from 'react';
import type { EditorStore } from '../store/createEditorStore';

export const TABS_CHANNEL = 'lensboard-tabs';

type Message = { readonly type: 'hello' | 'here' | 'bye'; readonly tab: string };

/** What watchOtherTabs needs of a BroadcastChannel (tests pass their own). */
export interface TabChannel {
  postMessage(m: Message): void;
  onmessage: ((e: { data: unknown }) => void) | null;
  close(): void;
}

export interface OtherTabsDeps {
  /** The channel (a BroadcastChannel on TABS_CHANNEL unless given); none where the browser has none. */
  readonly open?: () => TabChannel | null;
  /** This tab's id (random unless given). */
  readonly tab?: string;
  /** Where `pagehide` is heard (window unless given). */
  readonly events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

const openChannel = (): TabChannel | null =>
  typeof BroadcastChannel === 'undefined' ? null : (new BroadcastChannel(TABS_CHANNEL) as unknown as TabChannel);

const isMessage = (d: unknown): d is Message =>
  typeof d === 'object' &&
  d !== null &&
  ['hello', 'here', 'bye'].includes((d as Message).type) &&
  typeof (d as Message).tab === 'string';

/**
 * Calls `onChange(n)` with the number of other open tabs whenever it changes; returns the
 * function that stops watching (and says `bye`).
 */
export function watchOtherTabs(onChange: (others: number) => void, deps: OtherTabsDeps = {}): () => void {
  const channel = (deps.open ?? openChannel)();
  if (channel === null) return () => {};
  const me = deps.tab ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const events = deps.events ?? (typeof window === 'undefined' ? undefined : window);
  const others = new Set<string>();
  const update = (change: () => void) => {
    const before = others.size;
    change();
    if (others.size !== before) onChange(others.size);
  };
  channel.onmessage = (e) => {
    if (!isMessage(e.data) || e.data.tab === me) return;
    const { type, tab } = e.data;
    if (type === 'bye') update(() => others.delete(tab));
    else update(() => others.add(tab));
    if (type === 'hello') channel.postMessage({ type: 'here', tab: me });
  };
  channel.postMessage({ type: 'hello', tab: me });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    channel.postMessage({ type: 'bye', tab: me });
    channel.onmessage = null;
    channel.close();
    events?.removeEventListener('pagehide', stop);
  };
  events?.addEventListener('pagehide', stop);
  return stop;
}

/** Keeps the store's `otherTabs` count; a tab that opens shows the banner again if it was closed. */
export function keepOtherTabs(store: EditorStore, deps: OtherTabsDeps = {}): () => void {
  return watchOtherTabs((others) => {
    const before = store.getState().otherTabs;
    store
      .getState()
      .setView(others > before ? { otherTabs: others, otherTabsDismissed: false } : { otherTabs: others });
  }, deps);
}

export function useOtherTabs(store: EditorStore): void {
  useEffect(() => keepOtherTabs(store), [store]);
}
