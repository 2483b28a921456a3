/**
 * What of a document a run is trained on: its boxes (and their configs), wires, dataset and the
 * settings a run cannot change while it runs. Moving a box, renaming it, or changing a learning
 * rate or an optimiser's numbers (which reach a run at its next step) leave it unchanged.
 */
import type { LensDocument } from '../../io/document';

function configOf(b: LensDocument['boxes'][number]): unknown {
  if (b.generator === 'learning-rate') return null;
  if (b.generator === 'optimiser') return (b.config as { kind?: unknown }).kind ?? null;
  return b.config;
}

export function trainedShape(doc: LensDocument): string {
  const t = doc.training;
  return JSON.stringify({
    boxes: doc.boxes.map((b) => [b.id, b.generator, configOf(b)]),
    wires: doc.wires.map((w) => [w.from.box, w.from.port, w.to.box, w.to.port]),
    dataset: doc.dataset ?? null,
    training: [t?.batchSize, t?.testFraction, t?.loss ?? null, t?.optimiser?.kind ?? null, t?.learn ?? 'weights'],
    dream: t?.learn === 'input' || t?.learn === 'both' ? (t.dream ?? null) : null,
  });
}
