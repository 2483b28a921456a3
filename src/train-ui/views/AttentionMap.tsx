/**
 * The attention pattern of a softmax box in its hover card: one example's queries × keys
 * weights as a grid of cells (pale at 0, blue at 1), a row per query, a column per key, each
 * axis labelled with the example's characters when the data is text (attentionPattern.ts). A
 * causal box's masked cells (key after query) are left empty. A window shorter than the context
 * (generated text) is drawn on its real positions only. The example, when there are several, and
 * the head, when the box has a heads axis, are chosen under the grid.
 */
import { useEffect, useRef } from 'react';
import type { PlainArray } from '../../model/modelRuntime';
import { rampColour } from '../data/colours';
import { type AttentionShape, attentionGrid } from './attentionPattern';

const LABEL = 16;

/** A cell's side in pixels: 10 at least, so a character of a context of 32 can still be read. */
export const attentionCell = (positions: number): number => Math.max(10, Math.min(26, Math.floor(320 / positions)));

const headNames = (n: number): string[] => Array.from({ length: n }, (_, h) => String(h + 1));

export interface AttentionPick {
  readonly example: number;
  readonly head: number;
}

interface Props {
  readonly out: PlainArray;
  readonly shape: AttentionShape;
  readonly causal: boolean;
  readonly marks: readonly string[];
  /** The positions drawn: the first `length` queries and keys. */
  readonly length: number;
  readonly pick: AttentionPick;
  readonly onPick: (p: AttentionPick) => void;
}

function paint(g: CanvasRenderingContext2D, grid: Float32Array, p: Props, cell: number): void {
  const { keys: stride } = p.shape;
  const [queries, keys] = [Math.min(p.length, p.shape.queries), Math.min(p.length, stride)];
  g.clearRect(0, 0, LABEL + keys * cell, LABEL + queries * cell);
  g.font = `${Math.min(13, cell)}px ui-monospace, monospace`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillStyle = '#1f2933';
  for (let k = 0; k < keys; k++) g.fillText(p.marks[k] ?? String(k), LABEL + (k + 0.5) * cell, LABEL / 2);
  for (let q = 0; q < queries; q++) g.fillText(p.marks[q] ?? String(q), LABEL / 2, LABEL + (q + 0.5) * cell);
  for (let q = 0; q < queries; q++)
    for (let k = 0; k < keys; k++) {
      if (p.causal && k > q) continue;
      g.fillStyle = rampColour(0.5 + Math.max(0, Math.min(1, grid[q * stride + k])) / 2);
      g.fillRect(LABEL + k * cell, LABEL + q * cell, cell - 1, cell - 1);
    }
}

export function AttentionMap(p: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { examples, heads } = p.shape;
  const [queries, keys] = [Math.min(p.length, p.shape.queries), Math.min(p.length, p.shape.keys)];
  const cell = attentionCell(Math.max(p.shape.queries, p.shape.keys));
  useEffect(() => {
    const g = canvas.current?.getContext('2d');
    if (g) paint(g, attentionGrid(p.out, p.shape, p.pick.example, p.pick.head), p, cell);
  }, [p, cell]);
  const text = p.marks.join('');
  return (
    <>
      <canvas
        ref={canvas}
        width={LABEL + keys * cell}
        height={LABEL + queries * cell}
        role="img"
        aria-label={`Attention pattern: ${queries} queries by ${keys} keys of “${text}”${p.causal ? ', the cells after each query masked' : ''}`}
        className="attention-map"
      />
      <div className="attention-pick">
        {examples > 1 ? (
          <label>
            Example{' '}
            <input
              type="number"
              min={1}
              max={examples}
              value={p.pick.example + 1}
              onChange={(e) =>
                p.onPick({ ...p.pick, example: Math.max(0, Math.min(examples, e.target.valueAsNumber || 1) - 1) })
              }
            />
          </label>
        ) : null}
        {heads > 1 ? (
          <label>
            Head{' '}
            <select value={p.pick.head} onChange={(e) => p.onPick({ ...p.pick, head: Number(e.target.value) })}>
              {headNames(heads).map((name, h) => (
                <option key={name} value={h}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
    </>
  );
}
