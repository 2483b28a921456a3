/** Rows of a tabular dataset, spread through it: its feature columns, then the class or target. */
import type { DatasetPreview, PreviewView } from './previewData';

type Table = Extract<PreviewView, { kind: 'table' }>;

export function TablePreview({ preview, view }: { preview: DatasetPreview; view: Table }) {
  const more = view.hiddenFeatures > 0 ? `; ${view.hiddenFeatures} more feature columns not shown` : '';
  return (
    <div className="data-table-wrap">
      <table className="data-table">
        <caption>
          {view.rows.length} of {preview.rows} rows, spread through the data{more}
        </caption>
        <thead>
          <tr>
            {view.columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a feature may share the label column's heading
              <th key={i} scope="col" className={i === view.columns.length - 1 ? 'data-label-col' : undefined}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a fixed preview, never reordered
            <tr key={r}>
              {row.map((v, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed preview
                <td key={i} className={i === row.length - 1 ? 'data-label-col' : undefined}>
                  {v}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
