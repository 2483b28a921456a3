/**
 * What flows in a live class, as plain data (docs/class.md): the keys of each room's Yjs map,
 * a student's report of their run as it goes, and the teacher's board read from the reports.
 * No socket and no React here, so the rules are tested in Node.
 */
import type * as Y from 'yjs';

/** The teacher's room: `document` (the diagram as JSON), `pause` (a count: each rise pauses everyone). */
export const CLASS_MAP = 'class';
/** A student's room: `name`, the run's numbers, and `curve`, its loss by step. */
export const STUDENT_MAP = 'student';
export const CURVE = 'curve';
/** The server's roster of a class: student id → when they joined. */
export const ROSTER_MAP = 'students';

/** A student's curve keeps this many points; past it, every other one is dropped (the run's shape stays). */
export const CURVE_POINTS = 600;

/** What a student's page reports of its run, at most twice a second. */
export interface Report {
  readonly phase: string;
  readonly step: number;
  readonly epoch: number;
  readonly loss: number | null;
  readonly accuracy: number | null;
  readonly learningRate: number | null;
}

export interface BoardRow extends Report {
  readonly id: string;
  readonly name: string;
  /** [step, loss] pairs. */
  readonly curve: readonly (readonly [number, number])[];
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A student's row, read defensively: the room is written by a student's page, not by us. */
export function readRow(id: string, doc: Y.Doc): BoardRow {
  const m = doc.getMap(STUDENT_MAP);
  const name = m.get('name');
  const curve: [number, number][] = [];
  for (const p of doc.getArray(CURVE).toArray())
    if (Array.isArray(p) && num(p[0]) !== null && num(p[1]) !== null) curve.push([p[0], p[1]]);
  return {
    id,
    name: typeof name === 'string' ? name.slice(0, 40) : '',
    phase: typeof m.get('phase') === 'string' ? String(m.get('phase')).slice(0, 20) : 'idle',
    step: num(m.get('step')) ?? 0,
    epoch: num(m.get('epoch')) ?? 0,
    loss: num(m.get('loss')),
    accuracy: num(m.get('accuracy')),
    learningRate: num(m.get('learningRate')),
    curve,
  };
}

/** The best run: the lowest loss among those that have one (ties: the first). */
export function bestRun(rows: readonly BoardRow[]): string | null {
  let best: BoardRow | null = null;
  for (const r of rows) if (r.loss !== null && (best === null || best.loss === null || r.loss < best.loss)) best = r;
  return best?.id ?? null;
}

/** What the board shows as a student's name: theirs, or "Student n" in the order they joined. */
export const shownName = (row: BoardRow, index: number, named: boolean): string =>
  named && row.name ? row.name : `Student ${index + 1}`;

/** Whether a report says something new: the board is only written when it would change. */
export function changed(a: Report | null, b: Report): boolean {
  return (
    a === null ||
    a.phase !== b.phase ||
    a.step !== b.step ||
    a.epoch !== b.epoch ||
    a.learningRate !== b.learningRate ||
    a.accuracy !== b.accuracy
  );
}

/**
 * Writes one report into a student's room, in one transaction (one message to the server): the
 * numbers, and the curve's next point. A run that went back to step 0 (a new run, a reset)
 * starts a new curve.
 */
export function writeReport(doc: Y.Doc, report: Report): void {
  doc.transact(() => {
    const m = doc.getMap(STUDENT_MAP);
    const last = num(m.get('step'));
    for (const [k, v] of Object.entries(report)) m.set(k, v);
    const curve = doc.getArray<[number, number]>(CURVE);
    if (last !== null && report.step < last) curve.delete(0, curve.length);
    if (report.loss === null || report.step === last) return;
    curve.push([[report.step, report.loss]]);
    if (curve.length > CURVE_POINTS) {
      // Drop every other point of the older half: one deletion per dropped point, in one transaction.
      for (let i = Math.floor(curve.length / 2) - 1; i > 0; i -= 2) curve.delete(i, 1);
    }
  });
}
