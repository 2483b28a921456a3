/**
 * Restores the document on start (restore.ts), then opens a share link if the page has one
 * (shareLinks.ts); true once the editor may be used and saved.
 */
import { useEffect, useState } from 'react';
import type { EditorStore } from '../store/createEditorStore';
import { markVisited } from './firstVisit';
import { applyRestored, type RestoreChoice, readSaved } from './restore';
import { openShareLink } from './shareLinks';

/**
 * The saved copies are asked for as the page's script starts, before React's first render, so
 * that IndexedDB's answer (a first visit creates the database) overlaps the render instead of
 * following it; the first editor to mount takes that answer, any later one reads again.
 */
let early: Promise<RestoreChoice> | null = typeof indexedDB === 'undefined' ? null : readSaved();

function takeSaved(): Promise<RestoreChoice> {
  const saved = early ?? readSaved();
  early = null;
  return saved;
}

/** `shown`: a first visit's example is on the canvas already (./firstVisit.ts). */
export function useRestore(store: EditorStore, shown = false): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    // A link pasted into the address bar of this open page changes only its hash.
    const onHash = () => void openShareLink(store, window.location.hash);
    takeSaved().then((choice) => {
      if (!live) return;
      applyRestored(store, choice, undefined, shown);
      markVisited();
      setReady(true);
      // A share link opens after the browser's own diagram is back, so that it can ask first.
      void openShareLink(store, window.location.hash);
      window.addEventListener('hashchange', onHash);
    });
    return () => {
      live = false;
      window.removeEventListener('hashchange', onHash);
    };
  }, [store, shown]);
  return ready;
}
