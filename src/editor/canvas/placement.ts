/**
 * Putting a palette entry on the canvas, by drop or by click (at the centre of the view). A
 * saved box ("My boxes") arrives as a fresh copy the first time; when the document already
 * holds a copy, a dialog asks first whether the new one shares its parameters. The Library's
 * transformer block asks its shape first (BlockDialog.tsx).
 */
import type { Position } from '../../io/document';
import { BLOCK_ENTRY } from '../model/builtInBoxes';
import { hasCopy } from '../model/library';
import type { PaletteEntry } from '../model/palette';
import type { EditorStore } from '../store/createEditorStore';

export const PALETTE_MIME = 'application/x-lensboard-entry';

export function placeEntry(
  store: EditorStore,
  entry: Pick<PaletteEntry, 'generator' | 'config' | 'template'>,
  at: Position,
): void {
  const s = store.getState();
  if (!entry.template) s.addBox(entry.generator, at, entry.config);
  else if (entry.template === BLOCK_ENTRY) s.setView({ blockPrompt: { position: at } });
  else if (hasCopy(s.doc, entry.template)) s.setView({ tiePrompt: { templateId: entry.template, position: at } });
  else s.placeSaved(entry.template, at);
}

export function viewCentre(screenToFlow: (p: Position) => Position): Position {
  const pane = document.querySelector('.react-flow');
  const r = pane?.getBoundingClientRect();
  const p = r ? screenToFlow({ x: r.left + r.width / 2, y: r.top + r.height / 2 }) : { x: 0, y: 0 };
  return { x: p.x - 50, y: p.y - 20 };
}
