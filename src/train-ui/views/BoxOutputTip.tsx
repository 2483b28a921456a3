/**
 * Hovering a box while a run exists shows what the box puts out on the first batch of the
 * training rows, with the run's current weights: its shape, min / mean / max and a heatmap of
 * the batch (a row per example, a cell per unit; wide outputs averaged into 48 cells). The
 * weights come from the worker as the views of what was learnt read them (`session.learnt`) and
 * the forward pass runs in the page on the trainer's own float32 arithmetic (its `probe`).
 * While the run moves the card refreshes about twice a second.
 */
import '../panel/train.css';
import { useEffect, useRef, useState } from 'react';
import { useEditor } from '../../editor/store/EditorStoreContext';
import type { PlainArray } from '../../model/modelRuntime';
import { rampColour } from '../data/colours';
import { fmt } from '../panel/TrainNumbers';
import { useSession, useTrainSession } from '../session/TrainSessionContext';
import { AttentionMap, type AttentionPick, attentionCell } from './AttentionMap';
import { attentionShape, axisMarks } from './attentionPattern';
import { type BoxOutput, firstBatch, summarise } from './boxOutput';
import { usePickKeys } from './usePickKeys';
import { useShownBox } from './useShownBox';
import { useRunRows, type ViewRows } from './useViewRows';

const HOVER_MS = 250;
const EVERY_MS = 600;
const NO_RUN = new Set(['idle', 'starting', 'error']);

interface Shown {
  readonly output: BoxOutput | null;
  /** The output itself, for the attention pattern of a softmax box. */
  readonly raw: PlainArray | null;
  readonly problem: string | null;
}
const NOTHING: Shown = { output: null, raw: null, problem: null };

function useBoxOutput(box: string | null, rows: ViewRows | null): Shown {
  const session = useTrainSession();
  const phase = useSession((s) => s.phase);
  // Off a box the step is not read: each batch of steps re-rendered the card's hook for nothing.
  const step = useSession((s) => (box === null ? -1 : s.step));
  const ready = useSession((s) => s.ready);
  const batch = useEditor((s) => s.doc.training?.batchSize ?? 32);
  const [state, setState] = useState<Shown>(NOTHING);
  const asked = useRef('');
  const live = box !== null && ready !== null && !NO_RUN.has(phase) && rows !== null;
  // Off a box (or with no run) the step is no reason to look again: -1 keeps the effect still.
  const at = live ? step : -1;
  useEffect(() => {
    if (!live || !box || !rows) {
      asked.current = '';
      // The same object when nothing was shown: a new one each step re-rendered in a loop.
      setState((shown) => (shown === NOTHING ? shown : NOTHING));
      return;
    }
    const key = `${box}:${at}`;
    if (asked.current === key) return;
    let current = true;
    const wait = asked.current.startsWith(`${box}:`) ? EVERY_MS : HOVER_MS;
    const timer = setTimeout(() => {
      asked.current = key;
      session.reads.learnt().then(
        (model) => {
          if (!current || model === null) return;
          const width = rows.train.features.length / rows.train.n;
          const outs = model.probe(firstBatch(rows.train.features, width, batch));
          const out = outs.get(box);
          setState(
            out
              ? { output: summarise(box, out, at), raw: out, problem: null }
              : { output: null, raw: null, problem: 'This box computes nothing of the model’s forward pass.' },
          );
        },
        (e: unknown) =>
          current && setState({ output: null, raw: null, problem: e instanceof Error ? e.message : String(e) }),
      );
    }, wait);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [live, box, at, rows, batch, session]);
  return state;
}

function Heatmap({ output }: { output: BoxOutput }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const cell = Math.max(4, Math.min(14, Math.floor(240 / output.gridColumns)));
  useEffect(() => {
    const g = canvas.current?.getContext('2d');
    if (!g) return;
    const reach = Math.max(Math.abs(output.min), Math.abs(output.max)) || 1;
    for (let r = 0; r < output.gridRows; r++) {
      for (let c = 0; c < output.gridColumns; c++) {
        // Blue for positive, orange for negative, pale at zero (the views' ramp).
        g.fillStyle = rampColour(0.5 + output.grid[r * output.gridColumns + c] / (2 * reach));
        g.fillRect(c * cell, r * cell, cell, cell);
      }
    }
  }, [output, cell]);
  return (
    <canvas
      ref={canvas}
      width={output.gridColumns * cell}
      height={output.gridRows * cell}
      role="img"
      aria-label={`A heatmap of the output: ${output.gridRows} rows by ${output.gridColumns} cells`}
      className="box-output-map"
    />
  );
}

export function BoxOutputTip() {
  const { box: shownId, hold } = useShownBox();
  const box = useEditor((s) => (shownId ? s.doc.boxes.find((b) => b.id === shownId) : undefined));
  const rows = useRunRows();
  const { output, raw, problem } = useBoxOutput(box ? box.id : null, rows);
  const [pick, setPick] = useState<AttentionPick>({ example: 0, head: 0 });
  const attention = box && raw ? attentionShape(box.generator, raw) : null;
  usePickKeys(box?.id ?? null, attention, pick, setPick);
  if (!box || (!output && !problem)) return null;
  const element = document.querySelector(`.react-flow__node[data-id="${CSS.escape(box.id)}"]`);
  const rect = element?.getBoundingClientRect();
  if (!rect) return null;
  const name = box.label || box.generator;
  if (output && raw && attention && rows) {
    const width = rows.train.features.length / Math.max(1, rows.train.n);
    const example = Math.min(pick.example, attention.examples - 1);
    const marks = axisMarks(
      rows.train.features,
      width,
      example,
      attention.queries,
      rows.train.preparation?.tokens?.symbols,
    );
    const height = 190 + attention.queries * attentionCell(Math.max(attention.queries, attention.keys));
    return (
      <div
        className="box-output box-output-attention"
        role="tooltip"
        aria-label={`Attention of ${name}`}
        style={{
          top: Math.max(8, Math.min(rect.bottom + 8, window.innerHeight - height)),
          left: Math.min(Math.max(8, rect.left), window.innerWidth - 400),
        }}
        {...hold}
      >
        <p className="box-output-title">
          <strong>{name}</strong>: where each query looks, example {example + 1} of the first {attention.examples}{' '}
          training rows
        </p>
        <AttentionMap
          out={raw}
          shape={attention}
          causal={box.config.causal === true}
          marks={marks}
          pick={{ example, head: pick.head }}
          onPick={setPick}
        />
        <p className="box-output-note">
          {`weights after step ${output.step}; a row per query, a column per key; pale 0, blue 1${box.config.causal === true ? '; a query never looks at later keys (the mask)' : ''}; with the box focused, [ and ] choose the example${attention.heads > 1 ? ', h the head' : ''}`}
        </p>
      </div>
    );
  }
  const top = Math.min(rect.bottom + 8, window.innerHeight - 220);
  const left = Math.min(Math.max(8, rect.left), window.innerWidth - 300);
  return (
    <div className="box-output" role="tooltip" aria-label={`Output of ${name}`} style={{ top, left }}>
      {output ? (
        <>
          <p className="box-output-title">
            <strong>{name}</strong> puts out {output.shape.join('×')} on the first {output.rows} training rows
          </p>
          <p className="box-output-numbers">
            min <output aria-label="min">{fmt(output.min)}</output> · mean{' '}
            <output aria-label="mean">{fmt(output.mean)}</output> · max{' '}
            <output aria-label="max">{fmt(output.max)}</output>
          </p>
          <Heatmap output={output} />
          <p className="box-output-note">
            {`weights after step ${output.step}; a row per example${output.gridRows < output.rows ? ' (the first 16)' : ''}; orange below 0, blue above`}
          </p>
        </>
      ) : (
        <p>{problem}</p>
      )}
    </div>
  );
}
