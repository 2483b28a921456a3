/**
 * What a kept run was, in a line a list can show: the engine, how far it went, where it ended
 * (the whole training set's loss and accuracy at its last epoch), how it ended and when; and
 * which runs of other documents trained on the same data (so their curves compare).
 */
import type { DatasetBinding } from '../../io/document';
import { engineLabel } from './runOfSession';
import type { RunRecord } from './runRecord';

const HOW: Record<RunRecord['status'], string> = {
  done: 'done',
  stopped: 'stopped',
  failed: 'failed',
  paused: 'paused',
};

/** The run's last numbers: the whole training set's, else the last epoch's running means. */
export function finalMetrics(run: RunRecord): { loss: number | null; accuracy: number | null } {
  const last = run.epochs[run.epochs.length - 1];
  const m = last ? (last.train ?? last.running) : null;
  return { loss: m?.loss ?? null, accuracy: m?.accuracy ?? null };
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

export function runFacts(run: RunRecord, withDocument = false): string {
  const { loss, accuracy } = finalMetrics(run);
  const parts = [
    ...(withDocument ? [run.docName] : []),
    engineLabel(run.engine),
    `${run.epochs.length} epoch${run.epochs.length === 1 ? '' : 's'}, ${run.steps} steps`,
    ...(loss !== null ? [`loss ${loss.toPrecision(3)}`] : []),
    ...(accuracy !== null ? [`accuracy ${(accuracy * 100).toFixed(1)}%`] : []),
    HOW[run.status],
    when(run.endedAt),
  ];
  return parts.join(' · ');
}

/** Sorted keys, so the same options written in another order are the same data. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** The same dataset with the same options: runs on it can be compared epoch by epoch. */
export function sameData(run: RunRecord, dataset: DatasetBinding | undefined): boolean {
  if (!run.dataset || !dataset) return false;
  return run.dataset.id === dataset.id && canonical(run.dataset.options) === canonical(dataset.options);
}
