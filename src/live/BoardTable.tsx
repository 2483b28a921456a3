/** The class as a table (docs/class.md#the-board): one row per student, the best run marked. */
import { type BoardRow, shownName } from './board';

const fixed = (v: number | null, digits: number) => (v === null ? '—' : v.toFixed(digits));

export function BoardTable({ rows, best, named }: { rows: readonly BoardRow[]; best: string | null; named: boolean }) {
  return (
    <table className="live-table" aria-label="The class">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">State</th>
          <th scope="col">Step</th>
          <th scope="col">Loss</th>
          <th scope="col">Accuracy</th>
          <th scope="col">Learning rate</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr
            key={r.id}
            className={r.id === best ? 'live-best' : undefined}
            aria-current={r.id === best ? 'true' : undefined}
          >
            <th scope="row">
              {shownName(r, i, named)}
              {r.id === best ? ' ★ best' : ''}
            </th>
            <td>{r.phase}</td>
            <td>{r.step}</td>
            <td>{fixed(r.loss, 4)}</td>
            <td>{r.accuracy === null ? '—' : `${(r.accuracy * 100).toFixed(1)}%`}</td>
            <td>{r.learningRate === null ? '—' : String(r.learningRate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
