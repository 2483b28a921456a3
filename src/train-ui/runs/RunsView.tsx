/**
 * The Runs tab: this document's kept runs, newest first, then the runs of other documents on the
 * same data (the gallery's five optimisers on one moons set), each overlay-able on one chart.
 * The list scrolls within the tab; the chart keeps its place beside it, or under it in a narrow
 * panel (1280 px wide: the tab is ~250 px by ~190 px), where the tab scrolls down to it.
 */
import './runs.css';
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { useEditor } from '../../editor/store/EditorStoreContext';
import { documentHashes } from '../session/documentHash';
import { useRunBook } from './RunBookContext';
import { RunItem } from './RunItem';
import { RunsOverlay } from './RunsOverlay';
import type { RunBook } from './runBook';
import { sameData } from './runFacts';
import { runColour } from './runSeries';

export function RunsView() {
  const book = useRunBook();
  if (!book) return <p className="runs-empty">Runs are not kept on this page.</p>;
  return <RunsOf book={book} />;
}

function RunsOf({ book }: { book: RunBook }) {
  const doc = useEditor((s) => s.doc);
  const hashes = useMemo(() => documentHashes(doc), [doc]);
  const { runs, overlay, unsaved, notice } = useStore(book.store);
  const newest = [...runs].reverse();
  const own = newest.filter((r) => hashes.includes(r.docHash));
  const others = newest.filter((r) => !hashes.includes(r.docHash) && sameData(r, doc.dataset));
  const overlaid = overlay.map((id) => runs.find((r) => r.id === id)).filter((r) => r !== undefined);
  const item = (r: (typeof runs)[number], mine: boolean) => {
    const at = overlay.indexOf(r.id);
    return (
      <RunItem
        key={r.id}
        run={r}
        book={book}
        own={mine}
        colour={at < 0 ? null : runColour(at)}
        unsaved={unsaved.includes(r.id)}
      />
    );
  };
  return (
    <div className="runs">
      <div className="runs-body">
        <div className="runs-lists">
          {notice && (
            <p role="status" className="runs-notice">
              {notice}
            </p>
          )}
          <h3 id="runs-own">Runs of this document</h3>
          {own.length === 0 ? (
            <p className="runs-empty">No runs kept yet: a run is kept when it ends, or at Reset.</p>
          ) : (
            <ul aria-labelledby="runs-own">{own.map((r) => item(r, true))}</ul>
          )}
          <h3 id="runs-others">Runs of other documents on the same data</h3>
          {others.length === 0 ? (
            <p className="runs-empty">
              None: runs of documents on {doc.dataset?.id ?? 'no dataset'} with the same options show here.
            </p>
          ) : (
            <ul aria-labelledby="runs-others">{others.map((r) => item(r, false))}</ul>
          )}
        </div>
        <RunsOverlay book={book} runs={overlaid} />
      </div>
    </div>
  );
}
