/**
 * The document a model file opens as: its diagram, changed only where it disagrees with how the
 * weights were trained (`trainingConfig`), so that the next run in the app — which reads the
 * dataset binding, the drawn loss, learning-rate and optimiser boxes and the training settings —
 * goes on exactly as the file's run would have (docs/model-format.md). A drawn box wins over the
 * settings (compile/learnerSettings.ts), so a disagreeing value is written where it is read: in
 * the drawn box when there is one, else in `training`. A diagram that already agrees comes back
 * as the very same object, so export → open → export gives the same bytes.
 */
import type { BoxDoc, DatasetBinding, LensDocument, TrainingSettings } from '../io/document';
import { TrainingSettingsSchema } from '../io/document';
import type { TrainingConfig } from '../io/modelSchema';
import { DEFAULT_LOSS } from './losses/index';
import { DEFAULT_OPTIMISER, HYPER_NAMES, HYPERS, type HyperName } from './optimisers/index';

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

type Config = Readonly<Record<string, unknown>>;
const num = (c: Config | undefined, key: string): number | undefined =>
  typeof c?.[key] === 'number' ? (c[key] as number) : undefined;

/** The one drawn box of a learner role, as the compiler takes it (the first). */
const drawn = (doc: LensDocument, generator: string): BoxDoc | undefined =>
  doc.boxes.find((b) => b.generator === generator);

export function documentForModel(doc: LensDocument, config: TrainingConfig): LensDocument {
  const configs = new Map<string, Record<string, unknown>>();
  const patchBox = (box: BoxDoc, key: string, value: unknown) => {
    const c = configs.get(box.id) ?? { ...box.config };
    c[key] = value;
    configs.set(box.id, c);
  };
  const changed: { training?: Partial<TrainingSettings> } = {};
  const patchTraining = (patch: Partial<TrainingSettings>) => {
    changed.training = { ...(changed.training ?? doc.training ?? {}), ...patch };
  };
  const t = doc.training;

  // The numbers a run in the app takes from the settings (train-ui's requestFrom), with its defaults.
  if ((t?.seed ?? 1) !== config.seed) patchTraining({ seed: config.seed });
  if ((t?.batchSize ?? 32) !== config.batchSize) patchTraining({ batchSize: config.batchSize });
  if ((t?.testFraction ?? 0) !== config.testFraction) patchTraining({ testFraction: config.testFraction });

  const lossBox = drawn(doc, 'loss');
  if (lossBox) {
    if ((lossBox.config.kind ?? DEFAULT_LOSS) !== config.loss) patchBox(lossBox, 'kind', config.loss);
  } else if (t?.loss !== config.loss) patchTraining({ loss: config.loss });

  const o = config.optimiser;
  const lrBox = drawn(doc, 'learning-rate');
  const optBox = drawn(doc, 'optimiser');
  if (optBox) {
    const c = optBox.config;
    if ((c.kind ?? DEFAULT_OPTIMISER) !== o.kind) patchBox(optBox, 'kind', o.kind);
    for (const h of HYPER_NAMES) {
      if (h === 'learningRate') continue;
      if ((num(c, h) ?? HYPERS[h].default) !== o[h]) patchBox(optBox, h, o[h]);
    }
    // The learning-rate box's ε wins; a step size on the optimiser box is kept equal to it.
    const onBox = num(c, 'learningRate');
    if (onBox !== undefined ? onBox !== o.learningRate : !lrBox && HYPERS.learningRate.default !== o.learningRate)
      patchBox(optBox, 'learningRate', o.learningRate);
  } else {
    const s = t?.optimiser;
    const kindOff = (s?.kind ?? DEFAULT_OPTIMISER) !== o.kind;
    const off = (h: HyperName) =>
      h === 'learningRate'
        ? !lrBox && (s?.learningRate ?? HYPERS.learningRate.default) !== o.learningRate
        : (s?.[h] ?? HYPERS[h].default) !== o[h];
    const offs = HYPER_NAMES.filter(off);
    if (kindOff || offs.length > 0) {
      const next = { kind: o.kind, learningRate: s?.learningRate ?? o.learningRate, ...s };
      next.kind = o.kind;
      for (const h of offs) next[h] = o[h];
      patchTraining({ optimiser: next });
    }
  }
  if (lrBox && (num(lrBox.config, 'epsilon') ?? HYPERS.learningRate.default) !== o.learningRate)
    patchBox(lrBox, 'epsilon', o.learningRate);

  const binding: DatasetBinding = { id: config.dataset.id, options: config.dataset.options };
  const datasetOff = !same(doc.dataset, binding);

  const training = changed.training;
  if (configs.size === 0 && !training && !datasetOff) return doc;
  return {
    ...doc,
    ...(configs.size > 0
      ? { boxes: doc.boxes.map((b) => (configs.has(b.id) ? { ...b, config: configs.get(b.id) ?? b.config } : b)) }
      : {}),
    ...(training ? { training: TrainingSettingsSchema.parse(training) } : {}),
    ...(datasetOff ? { dataset: binding } : {}),
  };
}
