/**
 * Putting a palette entry on the canvas, by drop or by click (at the centre of the view). A
 * saved group asks first whether the new copy shares parameters with the others.
 */
import type { Position } from '../../io/document';
import type { PaletteEntry } from '../model/palette';
import type { EditorStore } from '../store/createEditorStore';

export const PALETTE_MIME = 'application/x-lensboard-entry';

export function placeEntry(
  store: EditorStore,
  entry: Pick<PaletteEntry, 'generator' | 'config' | 'template'>,
  at: Position,
): void {
  const s = store.getState();
  if (entry.template) s.setView({ tiePrompt: { templateId: entry.template, position: at } });
  else s.addBox(entry.generator, at, entry.config);
}

export function viewCentre(screenToFlow: (p: Position) => Position): Position {
  const pane = document.querySelector('.react-flow');
  const r = pane?.getBoundingClientRect();
  const p = r ? screenToFlow({ x: r.left + r.width / 2, y: r.top + r.height / 2 }) : { x: 0, y: 0 };
  return { x: p.x - 50, y: p.y - 20 };
}
