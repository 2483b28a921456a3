/**
 * The teacher's board rows, kept up to date from the students' rooms (docs/class.md#the-board):
 * a room that changed is only marked; its row is read again, and the rows handed on, in one
 * animation frame at most every `minMs`, however many messages came meanwhile. 60 students at
 * 2 Hz are 120 messages a second; read and drawn one by one they took the page's every frame
 * (`npm run bench -- class`). A row whose room did not change stays the same object, so the
 * board's memoised rows and curves (BoardTable.tsx, BoardChart.tsx) skip it. No socket and no
 * React here: the clock is handed in, so the tests count draws without waiting.
 */
import type { BoardRow } from './board';

/** What the rows need of the page's time: animation frames and timers. */
export interface FrameClock {
  now(): number;
  frame(f: () => void): unknown;
  cancelFrame(handle: unknown): void;
  after(ms: number, f: () => void): unknown;
  cancelAfter(handle: unknown): void;
}

export const browserClock: FrameClock = {
  now: () => performance.now(),
  frame: (f) => requestAnimationFrame(f),
  cancelFrame: (h) => cancelAnimationFrame(h as number),
  after: (ms, f) => setTimeout(f, ms),
  cancelAfter: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface BoardRows {
  /** The room of student `id` changed (or, with no id, the roster did: the rows' order may change). */
  mark(id?: string): void;
  /** Stops any frame or timer waiting. */
  stop(): void;
}

/**
 * `ids()` lists the students in the order the board shows them; `read(id)` reads one student's
 * row from their room (null if it is not open); `publish` gets the whole list, once a frame at most.
 */
export function boardRows(
  ids: () => Iterable<string>,
  read: (id: string) => BoardRow | null,
  publish: (rows: BoardRow[]) => void,
  minMs: number,
  clock: FrameClock = browserClock,
): BoardRows {
  const cached = new Map<string, BoardRow>();
  const dirty = new Set<string>();
  let frame: unknown = null;
  let wait: unknown = null;
  let drawnAt = -Infinity;
  const draw = () => {
    frame = null;
    drawnAt = clock.now();
    for (const id of dirty) {
      const row = read(id);
      if (row) cached.set(id, row);
    }
    dirty.clear();
    publish([...ids()].flatMap((id) => cached.get(id) ?? []));
  };
  return {
    mark(id) {
      if (id !== undefined) dirty.add(id);
      if (frame !== null || wait !== null) return;
      const due = drawnAt + minMs - clock.now();
      if (due <= 0) frame = clock.frame(draw);
      else
        wait = clock.after(due, () => {
          wait = null;
          frame = clock.frame(draw);
        });
    },
    stop() {
      if (frame !== null) clock.cancelFrame(frame);
      if (wait !== null) clock.cancelAfter(wait);
      frame = null;
      wait = null;
    },
  };
}
