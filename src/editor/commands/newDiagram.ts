import { emptyDocument } from '../model/emptyDocument';
import { defineCommand } from './command';

/** Asks before discarding work that is not saved (autosave failed, or not yet flushed). */
export const newDiagram = defineCommand({
  id: 'new',
  label: 'New diagram',
  keys: ['alt+n'],
  run: ({ store }) => {
    const s = store.getState();
    if (
      s.doc.boxes.length > 0 &&
      !window.confirm('Discard the current diagram and start a new one? (Export it first to keep a copy.)')
    )
      return;
    s.setDocument(emptyDocument());
    s.leaveTo(undefined);
  },
});
