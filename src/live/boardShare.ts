/**
 * The board shared with the class (docs/class.md#the-board): while the teacher shares it, the
 * teacher's page writes the board's rows into the class's `board` room, which students may read
 * and only the teacher may write. A shared row carries no student's id, and their name only when
 * the teacher shows names; unshared, the room holds no rows, and a student can open no other
 * student's room (the server refuses it), so no student reads another's name.
 */
import type * as Y from 'yjs';
import type { BoardRow } from './board';

/** The board room's map: `rows`, the shared rows as JSON text; absent while unshared. */
export const BOARD_MAP = 'board';
export const ROWS = 'rows';
/** A class is a few dozen students: a shared board keeps at most this many rows and curve points. */
const MAX_ROWS = 200;
const MAX_POINTS = 600;

/** The rows as the class sees them: numbered, named only when the teacher shows names. */
export const rowsToShare = (rows: readonly BoardRow[], named: boolean): BoardRow[] =>
  rows.map((r, i) => ({ ...r, id: String(i + 1), name: named ? r.name : '' }));

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function cleanRow(v: unknown, i: number): BoardRow | null {
  if (typeof v !== 'object' || v === null) return null;
  const r = v as Record<string, unknown>;
  const curve: [number, number][] = [];
  if (Array.isArray(r.curve))
    for (const p of r.curve.slice(0, MAX_POINTS))
      if (Array.isArray(p) && num(p[0]) !== null && num(p[1]) !== null) curve.push([p[0], p[1]]);
  return {
    id: String(i + 1),
    name: typeof r.name === 'string' ? r.name.slice(0, 40) : '',
    phase: typeof r.phase === 'string' ? r.phase.slice(0, 20) : 'idle',
    step: num(r.step) ?? 0,
    epoch: num(r.epoch) ?? 0,
    loss: num(r.loss),
    accuracy: num(r.accuracy),
    learningRate: num(r.learningRate),
    curve,
  };
}

/** The shared rows read from the room's value, defensively: nothing unreadable is shown. */
export function readSharedRows(v: unknown): BoardRow[] {
  if (typeof v !== 'string') return [];
  let json: unknown;
  try {
    json = JSON.parse(v);
  } catch {
    return [];
  }
  if (!Array.isArray(json)) return [];
  return json
    .slice(0, MAX_ROWS)
    .map(cleanRow)
    .filter((r): r is BoardRow => r !== null);
}

/** Writes the shared board into `doc` (or takes it away when unshared), only when it changed. */
export function writeSharedBoard(doc: Y.Doc, rows: readonly BoardRow[], named: boolean, shared: boolean): void {
  const map = doc.getMap(BOARD_MAP);
  if (!shared) {
    if (map.has(ROWS)) map.delete(ROWS);
    return;
  }
  const text = JSON.stringify(rowsToShare(rows.slice(0, MAX_ROWS), named));
  if (map.get(ROWS) !== text) map.set(ROWS, text);
}
