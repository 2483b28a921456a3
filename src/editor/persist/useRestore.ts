/**
 * On start: the autosaved document if there is one, else the XOR example (a first visit opens
 * an example, not an empty page). A stored document that does not validate is kept out, with a
 * notice, and the example opens instead.
 */
import { useEffect, useState } from 'react';
import { xorExample } from '../model/xorExample';
import type { EditorStore } from '../store/createEditorStore';
import { loadDocument } from './idb';

export function useRestore(store: EditorStore): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    loadDocument()
      .catch((e: unknown) => ({ kind: 'bad' as const, reason: e instanceof Error ? e.message : String(e) }))
      .then((r) => {
        if (!live) return;
        const s = store.getState();
        if (r.kind === 'ok') {
          s.setDocument(r.doc);
          s.setView({ savedDoc: r.doc, exportedDoc: r.unexported ? null : r.doc });
        } else {
          s.setDocument(xorExample(), true);
          if (r.kind === 'bad')
            s.notify(`The saved diagram could not be read (${r.reason}); the XOR example is open instead.`, 'error');
        }
        store.temporal.getState().clear();
        setReady(true);
      });
    return () => {
      live = false;
    };
  }, [store]);
  return ready;
}
