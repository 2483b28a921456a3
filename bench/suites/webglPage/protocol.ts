/** What the webgl suite (`../webgl.ts`) asks its page to run, and what comes back. */
import type { BenchRow } from '../../shared/table';

export interface PageRequest {
  readonly quick: boolean;
  /** Row implementations to run, by name (`tfjs-layers`, `variableGrads`, `compiled`). */
  readonly impls?: readonly string[];
  /** Restrict to these MLPs (`2-16-16-1`) and batches; default all. */
  readonly mlps?: readonly string[];
  readonly batches?: readonly number[];
  /** Train every MLP with this optimiser instead of its own. */
  readonly optimiser?: 'gd' | 'momentum' | 'adam';
  /** Epochs of the iris-hidden run to time (extrapolated to the document's 400); 0 skips it. */
  readonly irisEpochs?: number;
}

export interface PageResult {
  /** `tf.getBackend()` read back after asking for webgl. */
  readonly backend: string;
  readonly webglVersion: number;
  readonly float32: boolean;
  readonly rows: BenchRow[];
}

export interface BenchPage {
  run(request: PageRequest): Promise<PageResult>;
}

declare global {
  interface Window {
    lensboardBench?: BenchPage;
  }
}
