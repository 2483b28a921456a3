/**
 * What inference knows so far, shared by the passes: the type of every port reached, the
 * learnt parameters found (open Para ports and parameter boxes) and the core config of each
 * box after the wires filled in what the user left unset.
 */
import type { Config } from '../core/diagram';
import { printType, typeEquals, type WireType } from '../core/wire';
import { type ErrorList, mismatch, portKey } from './errors';
import type { Graph } from './graph';
import type { CompiledParam, InitSpec } from './types';

export interface DataShapes {
  readonly featureShape: readonly number[];
  readonly labelShape: readonly number[];
  readonly field: 'real' | 'z2';
}

export class InferState {
  readonly portTypes = new Map<string, WireType>();
  /** Parameter name → the parameter; names are `owner.port`, so tied boxes find one entry. */
  readonly params = new Map<string, CompiledParam & { readonly port: string }>();
  /** `box:port` of an open Para port or a parameter box's output → parameter name. */
  readonly paramOf = new Map<string, string>();
  readonly configs = new Map<string, Config>();

  constructor(
    readonly graph: Graph,
    readonly errors: ErrorList,
    readonly data: DataShapes | undefined,
  ) {}

  typeOf(box: string, port: string): WireType | undefined {
    return this.portTypes.get(portKey(box, port));
  }

  setType(box: string, port: string, t: WireType): void {
    this.portTypes.set(portKey(box, port), t);
  }

  /**
   * The type arriving at an input: `missing` when no wire comes in, `blocked` when the wire's
   * source has no type yet (an error upstream already says why).
   */
  arriving(box: string, port: string): WireType | 'missing' | 'blocked' {
    const feed = this.graph.feeds.get(portKey(box, port));
    if (!feed) return 'missing';
    const t = this.typeOf(feed.from.box, feed.from.port);
    if (t) this.setType(box, port, t);
    return t ?? 'blocked';
  }

  /** Registers the parameter at `box.port` under its owner's name; tied boxes must agree on its type. */
  learn(box: string, port: string, type: WireType, init: (owner: string) => InitSpec): boolean {
    const owner = this.graph.owners.get(box) ?? box;
    const name = `${owner}.${port}`;
    const known = this.params.get(name);
    if (known && !typeEquals(known.type, type)) {
      this.errors.add('shape-mismatch', `tied parameter: ${mismatch(type, printType(known.type))}`, { box, port });
      return false;
    }
    if (!known) this.params.set(name, { name, type, init: init(owner), source: owner, port });
    this.paramOf.set(portKey(box, port), name);
    return true;
  }
}
