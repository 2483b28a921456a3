/**
 * The learner's settings: `optimiser ▷ (model ; loss ; α)` needs a loss, the ε of the cap α and
 * an optimiser. Each may be drawn as a box or given in the document's training settings; a
 * drawn box wins. The learning-rate box's ε is also the optimiser's step size, so both routes
 * give one value (a document with only settings compiles to the same learner).
 */
import type { OptimiserSettings, TrainingSettings } from '../io/document';
import { LearningRateConfigSchema, LossConfigSchema, OptimiserConfigSchema } from './configs';
import type { ErrorList } from './errors';
import type { Graph, Role } from './graph';
import type { CompiledModel } from './types';

export type LearnerSettings = Pick<CompiledModel, 'loss' | 'learningRate' | 'optimiser'>;

/** The step size used when neither a box nor the settings give one (the paper's ε). */
export const DEFAULT_LEARNING_RATE = 0.01;

/** The one drawn box of a role; a second is an error on the second. */
function drawn(graph: Graph, role: Role, errors: ErrorList): string | undefined {
  const ids = graph.ids.filter((id) => graph.nodes.get(id)?.role === role);
  for (const extra of ids.slice(1))
    errors.add('bad-config', `a learner has one ${role} box; '${ids[0]}' is already one`, { box: extra });
  return ids[0];
}

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

export function learnerSettings(
  graph: Graph,
  training: TrainingSettings | undefined,
  errors: ErrorList,
): LearnerSettings {
  const config = (id: string | undefined) => (id === undefined ? undefined : graph.nodes.get(id)?.box.config);
  const lossBox = drawn(graph, 'loss', errors);
  const lrBox = drawn(graph, 'learning-rate', errors);
  const optBox = drawn(graph, 'optimiser', errors);

  const lossKind = LossConfigSchema.safeParse(config(lossBox)).data?.kind;
  const loss =
    lossBox !== undefined && lossKind
      ? { kind: lossKind, box: lossBox }
      : training?.loss
        ? { kind: training.loss }
        : null;

  const epsilon = lrBox === undefined ? undefined : LearningRateConfigSchema.safeParse(config(lrBox)).data?.epsilon;
  const drawnOpt = optBox === undefined ? undefined : OptimiserConfigSchema.safeParse(config(optBox)).data;
  const learningRate = epsilon ?? drawnOpt?.learningRate ?? training?.optimiser?.learningRate ?? null;

  let optimiser: OptimiserSettings | null = null;
  if (drawnOpt) optimiser = defined({ ...drawnOpt, learningRate: learningRate ?? DEFAULT_LEARNING_RATE });
  else if (training?.optimiser)
    optimiser = defined({ ...training.optimiser, learningRate: learningRate ?? training.optimiser.learningRate });
  return { loss, learningRate, optimiser };
}
