/**
 * A run record made from what the session reports and the document it trains: the settings as
 * the run read them (a drawn loss or optimiser box wins over the document's settings, as in
 * panel/trainSettings.ts), and a default name a user can tell apart in a list.
 */
import type { LensDocument } from '../../io/document';
import { getOptimiser } from '../../learn/optimisers/index';
import { hypersShown, hyperValue, lossKind, optimiserKind } from '../panel/trainSettings';
import { documentHash } from '../session/documentHash';
import type { SessionState } from '../session/sessionState';
import type { RunModel, RunRecord, RunSettings, RunStatus } from './runRecord';

/** How a list names the engine that ran. */
export function engineLabel(engine: string | null): string {
  if (engine === null) return 'engine unknown';
  if (engine.startsWith('typed')) return engine === 'typed-float64' ? 'typed arrays (float64)' : 'typed arrays';
  return engine.replace(/^tfjs-/, 'tfjs · ');
}

export function runSettings(doc: LensDocument, state: SessionState): RunSettings {
  const kind = optimiserKind(doc);
  return {
    batchSize: doc.training?.batchSize ?? 32,
    epochs: state.lastEpoch,
    optimiser: { kind, hypers: Object.fromEntries(hypersShown(doc).map((h) => [h, hyperValue(doc, h)])) },
    loss: lossKind(doc),
    testFraction: doc.training?.testFraction ?? 0,
  };
}

/** "Run 3 · Adam · typed arrays": its number among the document's runs, its optimiser, its engine. */
export function defaultRunName(number: number, doc: LensDocument, engine: string | null): string {
  const label = getOptimiser(optimiserKind(doc)).label;
  return `Run ${number} · ${label.charAt(0).toUpperCase()}${label.slice(1)} · ${engineLabel(engine)}`;
}

export interface RunFacts {
  readonly id: string;
  readonly name: string;
  readonly doc: LensDocument;
  readonly state: SessionState;
  readonly status: RunStatus;
  readonly startedAt: string;
  readonly endedAt: string;
  readonly model: RunModel | null;
}

export function runRecordOf(f: RunFacts): RunRecord {
  const { doc, state } = f;
  return {
    id: f.id,
    name: f.name,
    docHash: documentHash(doc),
    docName: doc.name,
    dataset: doc.dataset ? { id: doc.dataset.id, options: doc.dataset.options } : null,
    settings: runSettings(doc, state),
    seed: state.seed,
    engine: state.result?.engine ?? state.engine,
    backend: state.backend?.active ?? null,
    startedAt: f.startedAt,
    endedAt: f.endedAt,
    status: f.status,
    epochs: state.epochs,
    steps: state.step,
    model: f.model,
  };
}
