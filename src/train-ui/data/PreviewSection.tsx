/** The preview of the bound dataset (scatter, thumbnails or table), its legend, or why there is none. */
import { classColour, NEGATIVE, POSITIVE } from './colours';
import { ImagePreview } from './ImagePreview';
import type { DatasetPreview } from './previewData';
import { ScatterPreview } from './ScatterPreview';
import { TablePreview } from './TablePreview';
import type { PreviewState } from './usePreview';

function Legend({ preview }: { preview: DatasetPreview }) {
  const { classes, classCounts } = preview;
  if (!classes || !classCounts) {
    if (preview.view.kind !== 'points') return null;
    return (
      <p className="data-legend">
        <span
          className="data-ramp"
          style={{ background: `linear-gradient(90deg, ${NEGATIVE}, #e8eaeb, ${POSITIVE})` }}
        />
        low target → high target
      </p>
    );
  }
  return (
    <ul className="data-legend" aria-label="Classes">
      {classes.map((c, i) => (
        <li key={c}>
          <span className="data-swatch" style={{ background: classColour(i, classes.length) }} />
          {c} <span className="muted">({classCounts[i]})</span>
        </li>
      ))}
    </ul>
  );
}

function View({ preview }: { preview: DatasetPreview }) {
  const v = preview.view;
  if (v.kind === 'points') return <ScatterPreview preview={preview} view={v} />;
  if (v.kind === 'images') return <ImagePreview preview={preview} view={v} />;
  return <TablePreview preview={preview} view={v} />;
}

export function PreviewSection({ state }: { state: PreviewState }) {
  if (state.error)
    return (
      <p className="data-error" role="alert">
        {state.error}
      </p>
    );
  if (!state.preview) return state.loading ? <p className="muted">Loading the data…</p> : null;
  return (
    <figure className="data-preview" aria-busy={state.loading} aria-label="Preview">
      <View preview={state.preview} />
      {state.preview.view.kind !== 'images' && <Legend preview={state.preview} />}
      {state.loading && <figcaption className="muted">Updating…</figcaption>}
    </figure>
  );
}
