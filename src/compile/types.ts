/**
 * What the compiler gives the learner: the model as a core Diagram with its parameters and
 * data inputs named, plus the learner's settings whether they were drawn on the canvas (loss,
 * learning-rate and optimiser boxes) or given as settings. Both routes give the same value.
 */
import type { Diagram } from '../core/diagram';
import type { WireType } from '../core/wire';
import type { OptimiserSettings } from '../io/document';
import type { InitSpec } from '../kinds/initialisers';
import type { LossKind } from '../kinds/losses';
import type { ModelSources } from './sources';

export type { InitSpec } from '../kinds/initialisers';
export type { LossKind } from '../kinds/losses';

export interface CompiledParam {
  readonly name: string;
  readonly type: WireType;
  readonly init: InitSpec;
  /** The document box that owns it (a `parameter` box, or the Para box whose port was left open). */
  readonly source: string;
}

export interface CompiledInput {
  readonly box: string;
  readonly role: 'features' | 'labels';
  readonly type: WireType;
}

export interface CompiledOutput {
  readonly box: string;
  readonly port: string;
  readonly type: WireType;
}

export interface CompileError {
  readonly code:
    | 'unconnected-input'
    | 'two-wires-into-input'
    | 'shape-mismatch'
    | 'cycle'
    | 'unknown-generator'
    | 'bad-config'
    | 'no-loss'
    | 'no-output'
    | 'no-input'
    | 'unknown-port'
    | 'unknown-box';
  readonly message: string;
  readonly box?: string;
  readonly port?: string;
  readonly wire?: string;
}

export interface CompiledModel {
  /** Boundary inputs: `params` in order, then `inputs` (features only) in order; outputs: `outputs`. */
  readonly diagram: Diagram;
  readonly params: readonly CompiledParam[];
  readonly inputs: readonly CompiledInput[];
  readonly outputs: readonly CompiledOutput[];
  /** The loss, its learning-rate cap and optimiser: drawn boxes win over document settings. */
  readonly loss: { readonly kind: LossKind; readonly box?: string } | null;
  readonly learningRate: number | null;
  readonly optimiser: OptimiserSettings | null;
  readonly term: string;
  /** The drawing behind the diagram (sources.ts); absent on models made without a document. */
  readonly sources?: ModelSources;
}

export interface CompileResult {
  readonly model: CompiledModel | null;
  readonly errors: readonly CompileError[];
  /** Inferred type of every document wire (by wire id) and box output port, as far as inference got. */
  readonly wireTypes: ReadonlyMap<string, WireType>;
  readonly portTypes: ReadonlyMap<string, WireType>; // key `${box}:${port}` (inputs and outputs)
}
