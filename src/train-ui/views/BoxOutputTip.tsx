/**
 * Hovering a box while a run exists shows what the box puts out, with the run's current weights,
 * on the batch its latest step trained on (useBoxOutput.ts, attentionRows.ts): its shape,
 * min / mean / max and a heatmap of the batch (a row per example, a cell per unit; wide outputs
 * averaged into 48 cells). A softmax over a sequence shows its attention pattern instead
 * (AttentionCard.tsx), on that batch or on the text last generated. While the run moves the card
 * refreshes about twice a second.
 */
import '../panel/train.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useEditor } from '../../editor/store/EditorStoreContext';
import { rampColour } from '../data/colours';
import { fmt } from '../panel/TrainNumbers';
import { useSession, useSessionSerial } from '../session/TrainSessionContext';
import { AttentionCard, type RowsSource } from './AttentionCard';
import type { AttentionPick } from './AttentionMap';
import { attentionShape } from './attentionPattern';
import { type AttentionRows, generatedRows, stepBatch } from './attentionRows';
import type { BoxOutput } from './boxOutput';
import { useGenerated } from './generatedWindow';
import { useBoxOutput } from './useBoxOutput';
import { usePickKeys } from './usePickKeys';
import { useShownBox } from './useShownBox';
import { useRunRows, useRunSplit, type ViewRows } from './useViewRows';

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

/**
 * The rows the card runs at a step: the text last generated when it is chosen (and fits the
 * model's input), else the batch the step took.
 */
function useCardRows(
  rows: ViewRows | null,
  source: RowsSource,
  generated: readonly number[] | null,
): ((step: number) => AttentionRows | null) | null {
  const { seed } = useRunSplit();
  const epoch = useSession((s) => s.epoch);
  const batchSize = useEditor((s) => s.doc.training?.batchSize ?? 32);
  const rowsAt = useCallback(
    (step: number): AttentionRows | null => {
      if (!rows) return null;
      const batch = stepBatch(rows.train, { step, epoch, batchSize, seed });
      if (source !== 'generated' || !generated) return batch;
      return generatedRows(generated, batch.width);
    },
    [rows, epoch, batchSize, seed, source, generated],
  );
  return rows ? rowsAt : null;
}

export function BoxOutputTip() {
  const { box: shownId, hold } = useShownBox();
  const box = useEditor((s) => (shownId ? s.doc.boxes.find((b) => b.id === shownId) : undefined));
  const [source, setSource] = useState<RowsSource>('batch');
  const generated = useGenerated(useSessionSerial());
  const shownSource = generated ? source : 'batch';
  const runRows = useRunRows();
  const rowsAt = useCardRows(runRows, shownSource, generated);
  const symbols = runRows?.train.preparation?.tokens?.symbols;
  // another text generated is other rows: the card looks again
  const sourceKey = shownSource === 'generated' && generated ? `generated:${generated.join(',')}` : 'batch';
  const { output, raw, rows, problem } = useBoxOutput(box ? box.id : null, rowsAt, sourceKey);
  const [pick, setPick] = useState<AttentionPick>({ example: 0, head: 0 });
  const attention = box && raw ? attentionShape(box.generator, raw) : null;
  usePickKeys(box?.id ?? null, attention, pick, setPick);
  if (!box || (!output && !problem)) return null;
  const element = document.querySelector(`.react-flow__node[data-id="${CSS.escape(box.id)}"]`);
  const rect = element?.getBoundingClientRect();
  if (!rect) return null;
  const name = box.label || box.generator;
  if (output && raw && attention && rows)
    return (
      <AttentionCard
        box={box}
        name={name}
        raw={raw}
        shape={attention}
        rows={rows}
        symbols={symbols}
        step={output.step}
        pick={pick}
        onPick={setPick}
        source={generated ? shownSource : null}
        onSource={setSource}
        anchor={rect}
        hold={hold}
      />
    );
  const top = Math.min(rect.bottom + 8, window.innerHeight - 220);
  const left = Math.min(Math.max(8, rect.left), window.innerWidth - 300);
  return (
    <div className="box-output" role="tooltip" aria-label={`Output of ${name}`} style={{ top, left }}>
      {output ? (
        <>
          <p className="box-output-title">
            <strong>{name}</strong> puts out {output.shape.join('×')} on {rows?.what}
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
