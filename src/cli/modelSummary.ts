/**
 * The line `npm run predict -- … --verbose` prints on stderr about the model it runs: what it
 * is, which format and Lensboard wrote it, how far it was trained, and on which engine
 * (`trainedOn`, docs/model-format.md; a file before 1.2 does not say).
 */
import { shapeSize } from '../core/shape';
import type { ModelFile } from '../io/modelSchema';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function modelSummary(path: string, file: ModelFile): string {
  const t = file.trainingConfig;
  const engine = file.trainedOn ? `on ${file.trainedOn.engine}` : 'on an engine the file does not name';
  const shapes = `${plural(shapeSize(t.dataset.featureShape), 'feature')} → ${plural(shapeSize(t.dataset.labelShape), 'output')}`;
  return `${path}: ${file.diagram.name}, model format ${file.formatVersion}.${file.formatMinor ?? 0} by ${file.generatedBy}, trained ${plural(t.epochsDone, 'epoch')} (${plural(t.stepsDone, 'step')}) with ${t.optimiser.kind} ${engine}; ${shapes}`;
}
