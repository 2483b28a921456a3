/**
 * What the model has learnt, drawn: over a 2-D dataset the model's answer at every point of the
 * plane with the training points (filled) and test points (ringed) on top, as TF Playground
 * draws it; over a 1-D regression, its curve through the points; for a classifier, the confusion
 * matrix of the rows it is tested on.
 */
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import type { Dataset } from '../../data/dataset';
import { useEditor } from '../../editor/store/EditorStoreContext';
import { getLoss } from '../../learn/losses/index';
import type { LoadedModel } from '../../model/modelRuntime';
import { classColour, rampColour } from '../data/colours';
import { whiteCanvas } from '../data/whiteCanvas';
import { lossKind } from '../panel/trainSettings';
import { classOf, confusion, confusionWords, extent, planeGrid, positiveShare, weightsAfter } from './learnt';
import type { Learnt } from './useLearnt';
import { useRunRows, type ViewRows } from './useViewRows';

const GRID = 60;

/**
 * The width the canvas is laid out at, in CSS pixels (0 before layout): the plane and the curve
 * take the view's height (train.css), and are drawn at that size, at the device's pixel ratio
 * (whiteCanvas), so that a plane shown larger than it was drawn is never a blurred picture.
 */
function useShownWidth(canvas: RefObject<HTMLCanvasElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const look = () => setWidth(Math.round(el.getBoundingClientRect().width));
    look();
    const watch = new ResizeObserver(look);
    watch.observe(el);
    return () => watch.disconnect();
  }, [canvas]);
  return width;
}

/** A point's radius on a picture `size` px wide: 2.6 px on the 200 px the view once drew, never under 2. */
const dotRadius = (size: number, at200: number) => Math.max(2, (at200 * size) / 200);

function hexRgb(css: string): [number, number, number] {
  const m = css.match(/\d+/g);
  if (css.startsWith('rgb') && m) return [Number(m[0]), Number(m[1]), Number(m[2])];
  const n = Number.parseInt(css.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function labelRange(ds: Dataset): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of ds.labels) [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
  return lo < hi ? [lo, hi] : [lo - 1, hi + 1];
}

/**
 * The views' canvases are drawn on the CPU from the start (`willReadFrequently`): a browser may
 * move a canvas whose pixels are read back (a screenshot tool, a test) from the GPU to the CPU
 * mid-life, and the two need not round the scaled plane and the dots' edges alike. A 200-pixel
 * picture costs the CPU nothing to draw.
 */
const context = (canvas: HTMLCanvasElement) => canvas.getContext('2d', { willReadFrequently: true });

function drawPlane(canvas: HTMLCanvasElement, model: LoadedModel, rows: ViewRows, logits: boolean, size: number): void {
  const g = context(canvas);
  if (!g) return;
  const all = rows.test ? [rows.train, rows.test] : [rows.train];
  const m = Math.max(...all.map((d) => extent(d.features)));
  const preds = model.predict(planeGrid(GRID, m), { prepared: true });
  const classes = model.outputShape[0] ?? 1;
  const regression = rows.train.task === 'regression';
  const [lo, hi] = regression ? labelRange(rows.train) : [0, 1];
  const image = g.createImageData(GRID, GRID);
  preds.forEach((p, i) => {
    let rgb: [number, number, number];
    let alpha = 200;
    if (regression) rgb = hexRgb(rampColour((p[0] - lo) / (hi - lo)));
    else if (classes <= 2) rgb = hexRgb(rampColour(positiveShare(p, logits)));
    else {
      rgb = hexRgb(classColour(classOf(p, logits), classes));
      alpha = 110;
    }
    image.data.set([...rgb, alpha], 4 * i);
  });
  const off = document.createElement('canvas');
  off.width = GRID;
  off.height = GRID;
  off.getContext('2d')?.putImageData(image, 0, 0);
  whiteCanvas(canvas, size, size);
  g.imageSmoothingEnabled = true;
  g.drawImage(off, 0, 0, size, size);
  const at = (v: number, flip: boolean) => size / 2 + ((flip ? -v : v) / m) * (size / 2);
  all.forEach((ds, k) => {
    const width = ds.labels.length / ds.n;
    for (let i = 0; i < ds.n; i++) {
      const label = Array.prototype.slice.call(ds.labels, i * width, (i + 1) * width) as number[];
      const colour = regression
        ? rampColour((label[0] - lo) / (hi - lo))
        : classColour(classOf(label, false), Math.max(2, width));
      g.beginPath();
      g.arc(at(ds.features[2 * i], false), at(ds.features[2 * i + 1], true), dotRadius(size, 2.6), 0, 2 * Math.PI);
      g.fillStyle = colour;
      g.strokeStyle = k === 0 ? '#fff' : '#111';
      g.lineWidth = k === 0 ? 0.8 : 1.4;
      g.fill();
      g.stroke();
    }
  });
}

/** ", after step 1,200" for a caption; nothing when the step is not known. */
const after = (step: number | null) => (step === null ? '' : `, ${weightsAfter(step)}`);

function Plane({
  model,
  rows,
  logits,
  step,
}: {
  model: LoadedModel;
  rows: ViewRows;
  logits: boolean;
  step: number | null;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const size = useShownWidth(canvas);
  useEffect(() => {
    if (canvas.current && size > 0) drawPlane(canvas.current, model, rows, logits, size);
  }, [model, rows, logits, size]);
  const tested = rows.test ? `, ${rows.test.n} test points ringed in black` : '';
  return (
    <figure className="learnt-plane">
      <canvas
        ref={canvas}
        role="img"
        aria-label={`The model's answer over the plane, with ${rows.train.n} training points${tested}`}
        className="learnt-canvas"
      />
      <figcaption>
        Background: the model’s answer at each point{after(step)}. Dots: training rows
        {rows.test ? '; ringed: test rows' : ''}.
      </figcaption>
    </figure>
  );
}

/** A 1-D regression: the data as points (test rows ringed) and the model's curve across them. */
function drawCurve(canvas: HTMLCanvasElement, model: LoadedModel, rows: ViewRows, size: number): void {
  const g = context(canvas);
  if (!g) return;
  const all = rows.test ? [rows.train, rows.test] : [rows.train];
  const xs = all.flatMap((d) => Array.from(d.features));
  const ys = all.flatMap((d) => Array.from(d.labels));
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const grid = Float32Array.from({ length: 200 }, (_, i) => x0 + ((x1 - x0) * i) / 199);
  const curve = model.predict(grid, { prepared: true }).map((p) => p[0]);
  const finite = [...ys, ...curve].filter(Number.isFinite);
  const [y0, y1] = [Math.min(...finite), Math.max(...finite)];
  whiteCanvas(canvas, size, size);
  const px = (x: number) => 8 + ((x - x0) / (x1 - x0 || 1)) * (size - 16);
  const py = (y: number) => size - 8 - ((y - y0) / (y1 - y0 || 1)) * (size - 16);
  all.forEach((ds, k) => {
    for (let i = 0; i < ds.n; i++) {
      g.beginPath();
      g.arc(px(ds.features[i]), py(ds.labels[i]), dotRadius(size, 2.4), 0, 2 * Math.PI);
      g.fillStyle = '#0877bd';
      g.strokeStyle = k === 0 ? '#fff' : '#111';
      g.fill();
      g.stroke();
    }
  });
  g.strokeStyle = '#b91c1c';
  g.lineWidth = 2.5;
  g.beginPath();
  g.moveTo(px(grid[0]), py(curve[0]));
  for (let i = 1; i < grid.length; i++) g.lineTo(px(grid[i]), py(curve[i]));
  g.stroke();
}

function Curve({ model, rows, step }: { model: LoadedModel; rows: ViewRows; step: number | null }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const size = useShownWidth(canvas);
  useEffect(() => {
    if (canvas.current && size > 0) drawCurve(canvas.current, model, rows, size);
  }, [model, rows, size]);
  return (
    <figure className="learnt-plane">
      <canvas
        ref={canvas}
        role="img"
        aria-label={`The model's curve (red) through ${rows.train.n} training points${rows.test ? ` and ${rows.test.n} test points` : ''}`}
        className="learnt-canvas"
      />
      <figcaption>
        Red: the model’s prediction across the input{after(step)}. Dots: the rows (ringed: test rows).
      </figcaption>
    </figure>
  );
}

const MAX_CONFUSION_ROWS = 2000;

function Confusion({
  model,
  ds,
  logits,
  names,
  step,
}: {
  model: LoadedModel;
  ds: Dataset;
  logits: boolean;
  names: string[];
  step: number | null;
}) {
  const matrix = useMemo(() => {
    const n = Math.min(ds.n, MAX_CONFUSION_ROWS);
    const width = ds.features.length / ds.n;
    const lw = ds.labels.length / ds.n;
    const preds = model.predict(ds.features.subarray(0, n * width), { prepared: true });
    // One prediction a row, or the matrix would count rows that are not there.
    if (preds.length !== n) return { counts: null, n };
    return { counts: confusion(preds, ds.labels.subarray(0, n * lw), names.length, logits), n };
  }, [model, ds, logits, names]);
  const { counts } = matrix;
  if (!counts) return <p className="learnt-empty">The model answered for other rows than these: train again.</p>;
  const right = counts.reduce((s, row, i) => s + row[i], 0);
  const words = confusionWords(matrix.n, ds.name.endsWith('(test)') ? 'test' : 'training', right, step);
  // Ten classes (MNIST) make eleven rows: set closer, and read beside their caption, they fit the
  // view at 1280×720 (docs/screen.md). The caption stays the table's name for a screen reader.
  const many = names.length > 4;
  const table = (
    <table className={many ? 'learnt-confusion learnt-confusion-many' : 'learnt-confusion'}>
      <caption className={many ? 'visually-hidden' : undefined}>{words}</caption>
      <thead>
        <tr>
          <th scope="col" className="learnt-corner">
            true ↓ <span className="learnt-corner-across">predicted →</span>
          </th>
          {names.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {counts.map((row, t) => (
          <tr key={names[t]}>
            <th scope="row">{names[t]}</th>
            {row.map((c, p) => (
              <td key={names[p]} className={t === p ? 'diag' : c > 0 ? 'miss' : undefined}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!many) return table;
  return (
    <div className="learnt-confusion-beside">
      {table}
      <p className="learnt-confusion-words" aria-hidden="true">
        {words}
      </p>
    </div>
  );
}

/** The classes' names: the dataset's own, else by index (one label column: two classes, 0 and 1). */
function classNames(ds: Dataset): string[] {
  const k = ds.labelShape.length === 1 && ds.labelShape[0] > 1 ? ds.labelShape[0] : 2;
  return Array.from({ length: k }, (_, i) => ds.classes?.[i] ?? String(i));
}

const size = (shape: readonly number[]) => shape.reduce((a, b) => a * b, 1);

/**
 * Why the run's model cannot be drawn over these rows (it trained other data: the dataset was
 * changed since), or null. Never a view of one model over another's rows.
 */
function fitsRows(model: LoadedModel, ds: Dataset): string | null {
  const takes = size(model.inputShape);
  const has = size(ds.featureShape);
  if (takes === has) return null;
  return `The run shown trained rows of ${takes} feature${takes === 1 ? '' : 's'}; these rows have ${has}. Reset, then Play, to train on them.`;
}

export function LearntView({ learnt }: { learnt: Learnt }) {
  const doc = useEditor((s) => s.doc);
  const rows = useRunRows();
  const { model, problem, step } = learnt;
  const logits = getLoss(lossKind(doc)).logits;
  if (problem) return <p className="learnt-empty">{problem}</p>;
  if (!model || !rows) return <p className="learnt-empty">Train a few steps to see what the model learns.</p>;
  const ds = rows.train;
  const misfit = fitsRows(model, ds);
  if (misfit) return <p className="learnt-empty">{misfit}</p>;
  const plane = ds.featureShape.length === 1 && ds.featureShape[0] === 2;
  const classes = ds.task === 'classification' ? classNames(ds) : null;
  const line = ds.task === 'regression' && ds.featureShape.length === 1 && ds.featureShape[0] === 1;
  return (
    <div className="learnt">
      {plane && <Plane model={model} rows={rows} logits={logits} step={step} />}
      {line && <Curve model={model} rows={rows} step={step} />}
      {classes && <Confusion model={model} ds={rows.test ?? rows.train} logits={logits} names={classes} step={step} />}
      {!plane && !classes && !line && <p className="learnt-empty">This dataset has no view yet beyond the charts.</p>}
    </div>
  );
}
