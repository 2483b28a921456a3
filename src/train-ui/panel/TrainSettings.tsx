/**
 * The run's settings. Where the diagram draws the loss, the learning-rate cap or the optimiser,
 * a field edits that box (one undoable edit, and the field says which box); otherwise it edits
 * the document's training settings (./trainSettings). Hyper-parameters changed during a run
 * reach the worker too and take effect at its next step.
 */
import type { LossKind } from '../../compile/types';
import type { NumberSpec, OptionSpec } from '../../data/datasetOptions';
import { useEditor, useEditorStoreApi } from '../../editor/store/EditorStoreContext';
import type { LensDocument } from '../../io/document';
import { LOSS_KINDS } from '../../learn/losses/index';
import {
  getOptimiser,
  HYPERS,
  type HyperName,
  OPTIMISER_KINDS,
  type OptimiserKind,
} from '../../learn/optimisers/index';
import { OptionField } from '../data/OptionField';
import { ENGINE_CHOICES, ENGINE_LABELS, type EngineChoice } from '../session/engineChoice';
import { saveEnginePreference } from '../session/enginePreference';
import { useSession, useTrainSession } from '../session/TrainSessionContext';
import { runText } from './phaseText';
import {
  editHyper,
  editLoss,
  editOptimiser,
  hyperHome,
  hypersFolded,
  hypersShown,
  hyperValue,
  learningRateHome,
  lossHome,
  lossKind,
  optimiserHome,
  optimiserKind,
  type SettingEdit,
  type SettingHome,
} from './trainSettings';

const intSpec = (key: string, label: string, min: number, max: number, fallback: number): NumberSpec => ({
  key,
  label,
  kind: 'int',
  min,
  max,
  default: fallback,
});

const EPOCHS = intSpec('epochs', 'Epochs', 1, 100000, 100);
const BATCH = intSpec('batchSize', 'Batch size', 1, 65536, 32);
const SEED = intSpec('seed', 'Seed', 0, 2 ** 31 - 1, 1);

const ENGINE: OptionSpec = {
  key: 'engine',
  label: 'Engine',
  kind: 'choice',
  default: 'auto',
  choices: ENGINE_CHOICES.map((c) => ({ value: c, label: ENGINE_LABELS[c] })),
};

const choice = (key: string, label: string, values: readonly string[]): OptionSpec => ({
  key,
  label,
  kind: 'choice',
  default: values[0],
  choices: values.map((v) => ({ value: v, label: v })),
});

const HYPER_LABELS: Record<HyperName, string> = {
  learningRate: 'Learning rate ε',
  momentum: 'Momentum γ',
  beta1: 'β₁',
  beta2: 'β₂',
  epsilon: 'δ (stability)',
};

/** A hyper-parameter's range as a number field: open ends are kept just inside. */
function hyperSpec(name: HyperName): NumberSpec {
  const h = HYPERS[name];
  const min = h.minOpen ? (h.min === 0 ? 1e-12 : h.min) : h.min;
  const max = h.max === undefined ? 1e12 : h.maxOpen ? h.max - 1e-9 : h.max;
  return { key: name, label: HYPER_LABELS[name], kind: 'number', min, max, step: 'any', default: h.default };
}

const where = (home: SettingHome) =>
  home.where === 'box'
    ? `Set on the drawn box “${home.label}”.`
    : 'The diagram draws no box for it: a training setting.';

export function TrainSettings() {
  const store = useEditorStoreApi();
  const session = useTrainSession();
  const doc = useEditor((s) => s.doc);
  const engine = useSession((s) => s.choice);
  const apply = (edit: SettingEdit) => {
    const st = store.getState();
    if (edit.where === 'box') st.setConfig(edit.box, edit.key, edit.value);
    else st.setTraining(edit.patch as Parameters<typeof st.setTraining>[0]);
  };
  const t = doc.training;
  const kind = optimiserKind(doc);
  // What the run in the worker was started with, at the head of the settings it is read against
  // that are folded; in the settings column, so that the controls' column keeps its last line in view.
  const runs = useSession(runText);
  const [first, rest] = hypersFolded(hypersShown(doc));
  const hyper = (name: HyperName) => (
    <HyperField key={name} doc={doc} name={name} onEdit={apply} onLive={(h) => session.setHypers(h)} />
  );
  // The settings a class changes (epochs, the optimiser and its step sizes) are in view; the rest
  // fold under "More settings", so that the column fits the panel at 1280×720 (docs/screen.md).
  return (
    <div className="train-settings">
      <OptionField
        spec={EPOCHS}
        value={t?.epochs ?? 100}
        onCommit={(v) => store.getState().setTraining({ epochs: v as number })}
      />
      <OptionField
        spec={{ ...choice('optimiser', 'Optimiser', OPTIMISER_KINDS), help: where(optimiserHome(doc)) }}
        value={kind}
        onCommit={(v) => apply(editOptimiser(doc, v as OptimiserKind))}
      />
      {first.map(hyper)}
      <details className="train-settings-more">
        <summary>More settings</summary>
        {runs && <p className="train-help train-run-uses">{runs}</p>}
        <OptionField
          spec={ENGINE}
          value={engine}
          onCommit={(v) => {
            session.choose(v as EngineChoice);
            saveEnginePreference(v as EngineChoice);
          }}
        />
        <OptionField
          spec={BATCH}
          value={t?.batchSize ?? 32}
          onCommit={(v) => store.getState().setTraining({ batchSize: v as number })}
        />
        <OptionField
          spec={{ ...choice('loss', 'Loss function', LOSS_KINDS), help: where(lossHome(doc)) }}
          value={lossKind(doc)}
          onCommit={(v) => apply(editLoss(doc, v as LossKind))}
        />
        {rest.map(hyper)}
        <OptionField
          spec={SEED}
          value={t?.seed ?? 1}
          onCommit={(v) => store.getState().setTraining({ seed: v as number })}
        />
        <p className="train-help">
          Optimiser {getOptimiser(kind).label}: changes to its numbers reach a run under way at its next step.
        </p>
      </details>
    </div>
  );
}

function HyperField({
  doc,
  name,
  onEdit,
  onLive,
}: {
  doc: LensDocument;
  name: HyperName;
  onEdit: (e: SettingEdit) => void;
  onLive: (h: Partial<Record<HyperName, number>>) => void;
}) {
  const home = name === 'learningRate' ? learningRateHome(doc) : hyperHome(doc, name);
  return (
    <OptionField
      spec={{ ...hyperSpec(name), help: where(home) }}
      value={hyperValue(doc, name)}
      onCommit={(v) => {
        onEdit(editHyper(doc, name, v as number));
        onLive({ [name]: v as number });
      }}
    />
  );
}
