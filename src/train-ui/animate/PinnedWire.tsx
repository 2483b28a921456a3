/**
 * A pinned wire in the animation: its ends, and the followed example's value and change on it at
 * the frame shown, as numbers (./AnimationPanel.tsx shows it under the caption).
 */
import { TRAINING_SETTINGS } from '../../compile/sources';
import { pinWire } from '../../editor/canvas/animationMarks';
import type { LensDocument } from '../../io/document';
import { wireReadings } from './marks';
import { type Reading, shapeText, statsOf, summaryText } from './readings';
import type { TracedStep } from './stepTrace';

/** A box as the drawing names it: its label, else its id. */
export function namer(doc: LensDocument) {
  const labels = new Map<string, string>();
  for (const b of doc.boxes) labels.set(b.id, b.label ?? b.id);
  for (const g of doc.groups) labels.set(g.id, g.name ?? g.id);
  return (id: string) => (id === TRAINING_SETTINGS ? 'the training settings' : (labels.get(id) ?? id));
}

/** A wire as its ends: `tanh1 → lin2.x`. */
export function wireEnds(doc: LensDocument, id: string, name: (box: string) => string): string {
  const w = doc.wires.find((x) => x.id === id);
  return w ? `${name(w.from.box)} → ${name(w.to.box)}.${w.to.port}` : `wire ${id}`;
}

/** Four significant digits, with a true minus sign: what a pinned wire shows. */
const exact = (v: number) => {
  const s = Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(4)));
  return s.replace('-', '−');
};

function Numbers({ reading, label }: { reading: Reading; label: string }) {
  const { values, shape, summary, partial } = reading;
  const shown = Array.from(values).slice(0, 16);
  // more numbers than are printed: what they are as a whole, from the summary or from them all
  const whole = summary ?? (values.length > shown.length ? statsOf(values) : null);
  return (
    <div className="anim-numbers">
      <span className="anim-numbers-label">{label}</span>
      <span className="anim-numbers-shape">{shapeText(shape)}</span>
      {whole && <span className="anim-numbers-summary">{summaryText(whole)}</span>}
      {partial ? (
        <output className="anim-numbers-values anim-loading" aria-label={label} aria-busy="true">
          its values are on their way from the worker…
        </output>
      ) : (
        <output className="anim-numbers-values" aria-label={label}>
          {shown.map(exact).join('  ')}
          {values.length > shown.length ? `  … ${values.length - shown.length} more` : ''}
        </output>
      )}
    </div>
  );
}

export function PinnedWire({
  t,
  wire,
  index,
  example,
  ends,
}: {
  t: TracedStep;
  wire: string;
  index: number;
  example: number;
  ends: string;
}) {
  const r = wireReadings(t, wire, index, example);
  return (
    <section className="anim-pinned" aria-label={`wire ${wire}`}>
      <header>
        <strong>{ends}</strong>
        <button type="button" onClick={() => pinWire(null)}>
          Unpin
        </button>
      </header>
      {r.value ? <Numbers reading={r.value} label={`value of ${wire}`} /> : <p>its value is not computed yet</p>}
      {r.change ? (
        <Numbers reading={r.change} label={`change of ${wire}`} />
      ) : (
        <p>{r.changeAt < 0 ? 'no change comes back along it' : 'its change comes back in the backward pass'}</p>
      )}
    </section>
  );
}
