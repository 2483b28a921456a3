/**
 * Everything of a document that a run is started with: what it trains (flatTrainedShape: a grouping changes nothing), how many
 * epochs, the seed, and the optimiser's numbers wherever they live (a drawn learning-rate or
 * optimiser box, or the training settings). A run held since a model file was opened was started
 * with the document as it was then; when this differs at Play, the panel shows something the held
 * run would not do, so Play starts the run afresh from the file's weights (docs/training-panel.md).
 */
import type { LensDocument } from '../../io/document';
import { flatTrainedShape } from './trainedShape';

export function runSettings(doc: LensDocument): string {
  const t = doc.training;
  return JSON.stringify({
    shape: flatTrainedShape(doc),
    epochs: t?.epochs ?? null,
    seed: t?.seed ?? null,
    optimiser: t?.optimiser ?? null,
    dream: t?.dream ?? null,
    learner: doc.boxes
      .filter((b) => b.generator === 'learning-rate' || b.generator === 'optimiser')
      .map((b) => b.config),
  });
}
