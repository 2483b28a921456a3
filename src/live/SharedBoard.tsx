/** The board as the teacher shares it, on a student's page (docs/class.md#the-board). */
import { useStore } from 'zustand';
import { BoardChart } from './BoardChart';
import { BoardTable } from './BoardTable';
import { bestRun } from './board';
import { live } from './liveStore';

export function SharedBoard() {
  const rows = useStore(live, (s) => s.sharedRows);
  if (rows.length === 0) return null;
  const best = bestRun(rows);
  return (
    <>
      <h3>The class’s board</h3>
      <BoardChart rows={rows} best={best} named />
      <BoardTable rows={rows} best={best} named />
    </>
  );
}
