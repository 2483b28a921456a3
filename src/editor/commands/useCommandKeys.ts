/**
 * Key bindings of the commands, and the system clipboard through the browser's own copy and
 * paste events (they need no permission). Keys typed into a field belong to the field.
 */
import { useReactFlow } from '@xyflow/react';
import { useEffect } from 'react';
import type { EditorStore } from '../store/createEditorStore';
import { copyText, pasteText } from './clipboard';
import { matches } from './command';
import { commands } from './index';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

export function useCommandKeys(store: EditorStore): void {
  const flow = useReactFlow();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) && e.key !== 'Escape') return;
      const c = commands.find((x) => !x.clipboardEvent && x.keys.some((k) => matches(k, e)));
      if (!c) return;
      e.preventDefault();
      void c.run({ store, flow });
    };
    const onCopy = (e: ClipboardEvent) => {
      if (typing(e.target)) return;
      const text = copyText(store);
      if (!text || !e.clipboardData) return;
      e.clipboardData.setData('text/plain', text);
      e.preventDefault();
    };
    const onPaste = (e: ClipboardEvent) => {
      if (typing(e.target)) return;
      e.preventDefault();
      pasteText(store, e.clipboardData?.getData('text/plain') ?? null);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('copy', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [store, flow]);
}
