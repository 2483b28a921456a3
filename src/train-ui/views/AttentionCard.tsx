/**
 * The hover card of an attention box (docs/attention.md): the pattern of one example of the rows
 * it was computed on — the batch the run's latest step took, or the text last generated — with
 * the title saying which, and a choice between them once text was generated.
 */
import type { ReactNode } from 'react';
import type { BoxDoc } from '../../io/document';
import type { PlainArray } from '../../model/modelRuntime';
import { AttentionMap, type AttentionPick, attentionCell } from './AttentionMap';
import { type AttentionShape, axisMarks } from './attentionPattern';
import type { AttentionRows } from './attentionRows';
import type { ShownBox } from './useShownBox';

export type RowsSource = 'batch' | 'generated';

interface Props {
  readonly box: BoxDoc;
  readonly name: string;
  readonly raw: PlainArray;
  readonly shape: AttentionShape;
  readonly rows: AttentionRows;
  readonly symbols: readonly string[] | undefined;
  readonly step: number;
  readonly pick: AttentionPick;
  readonly onPick: (p: AttentionPick) => void;
  /** Offered once text was generated in this session. */
  readonly source: RowsSource | null;
  readonly onSource: (s: RowsSource) => void;
  readonly anchor: DOMRect;
  readonly hold: ShownBox['hold'];
}

/** The card's height, to keep it inside the window. */
export const attentionCardHeight = (s: AttentionShape): number =>
  210 + s.queries * attentionCell(Math.max(s.queries, s.keys));

function SourcePick({ source, onSource }: { source: RowsSource; onSource: (s: RowsSource) => void }): ReactNode {
  return (
    <label className="attention-source">
      Rows{' '}
      <select value={source} onChange={(e) => onSource(e.target.value as RowsSource)}>
        <option value="batch">the batch being trained on</option>
        <option value="generated">the text last generated</option>
      </select>
    </label>
  );
}

export function AttentionCard(p: Props) {
  const example = Math.min(p.pick.example, p.shape.examples - 1);
  const length = p.rows.length ?? Math.max(p.shape.queries, p.shape.keys);
  const marks = axisMarks(p.rows.features, p.rows.width, example, p.shape.queries, p.symbols).slice(0, length);
  const causal = p.box.config.causal === true;
  const which = p.rows.n > 1 ? `example ${example + 1} of ${p.rows.what}` : p.rows.what;
  return (
    <div
      className="box-output box-output-attention"
      role="tooltip"
      aria-label={`Attention of ${p.name}`}
      style={{
        top: Math.max(8, Math.min(p.anchor.bottom + 8, window.innerHeight - attentionCardHeight(p.shape))),
        left: Math.min(Math.max(8, p.anchor.left), window.innerWidth - 400),
      }}
      {...p.hold}
    >
      <p className="box-output-title">
        <strong>{p.name}</strong>: where each query looks, {which}
      </p>
      {p.source ? <SourcePick source={p.source} onSource={p.onSource} /> : null}
      <AttentionMap
        out={p.raw}
        shape={p.shape}
        causal={causal}
        marks={marks}
        length={length}
        pick={{ example, head: p.pick.head }}
        onPick={p.onPick}
      />
      <p className="box-output-note">
        {`weights after step ${p.step}; a row per query, a column per key; pale 0, blue 1${causal ? '; a query never looks at later keys (the mask)' : ''}; with the box focused, [ and ] choose the example${p.shape.heads > 1 ? ', h the head' : ''}`}
      </p>
    </div>
  );
}
