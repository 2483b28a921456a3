/**
 * Common-subexpression elimination's table for `lower` (./program): which step already
 * computes a given generator, config and input buffers.
 */
import { canonicalConfig } from './canonical';
import type { Config } from './diagram';

/**
 * CSE's table: (generator, canonical config, input buffers) ↦ the first output buffer of the
 * step that computes them, the entries' keys in flat typed arrays (a lookup builds no key
 * string, an entry costs no object). Equal keys have equal input buffers, so equal last ones:
 * entries are chained by their last input buffer — usually one made shortly before, so the
 * chains a lowering walks are the ones it has just written, in cache, not slots of a hash
 * table spread over megabytes. A chain holds at most `CHAIN` entries; the entries of a buffer
 * read by more steps than that (wide fan-out) go to a hash table, open addressing over one
 * typed array, so no lookup scans more than `CHAIN` entries plus a probe.
 * Generators come numbered (packed.ts); configs are numbered per lowering, by their canonical
 * JSON, so equal configs written apart still merge. `find` leaves the step's input buffers and key pending
 * for the `add` that follows a miss.
 */
export class StepTable {
  private readonly configIds = new Map<Config, number>();
  private readonly configs = new Map<string, number>();
  private readonly gen: Int32Array;
  private readonly config: Int32Array;
  private readonly hash: Int32Array;
  private readonly firstOut: Int32Array;
  /** Entry e's input buffers are insFlat[insStart[e] … insStart[e + 1]). */
  private readonly insStart: Int32Array;
  private readonly insFlat: Int32Array;
  /** Chains by last input buffer b (index b + 1; 0 for steps without inputs): entry + 1, 0 ends. */
  private readonly head: Int32Array;
  private readonly chained: Uint8Array;
  private readonly next: Int32Array;
  /** The overflow table: (entry + 1, hash) pairs, made when first needed. */
  private slots: Int32Array | undefined;
  private mask = 0;
  private size = 0;
  private lastConfig: Config | undefined;
  private lastConfigId = -1;
  private pendingGen = 0;
  private pendingConfig = 0;
  private pendingHash = 0;
  private pendingEnd = 0;
  private pendingChain = 0;

  /** At most `capacity` entries with `nInputs` input buffers in all, over `nBuffers` buffers. */
  constructor(
    private readonly capacity: number,
    nInputs: number,
    nBuffers: number,
  ) {
    this.gen = new Int32Array(capacity);
    this.config = new Int32Array(capacity);
    this.hash = new Int32Array(capacity);
    this.firstOut = new Int32Array(capacity);
    this.insStart = new Int32Array(capacity + 1);
    this.insFlat = new Int32Array(nInputs);
    this.head = new Int32Array(nBuffers + 1);
    this.chained = new Uint8Array(nBuffers + 1);
    this.next = new Int32Array(capacity);
  }

  /**
   * The first output buffer of an earlier step with generator number `g` (packed.ts), this
   * config and the buffers of input wires `wires[inFrom … inTo)`, or −1.
   */
  find(g: number, config: Config, wires: Int32Array, inFrom: number, inTo: number, bufOf: Int32Array): number {
    const c = this.configId(config);
    const ins = this.insFlat;
    const from = this.insStart[this.size];
    const n = inTo - inFrom;
    let h = Math.imul(g + 1, 0x9e3779b1) ^ Math.imul(c + 1, 0x85ebca6b);
    for (let k = 0; k < n; k++) {
      const buf = bufOf[wires[inFrom + k]];
      ins[from + k] = buf;
      h = Math.imul(h ^ buf, 0x01000193) + k;
    }
    h ^= h >>> 15;
    const chain = n === 0 ? 0 : ins[from + n - 1] + 1;
    this.pendingGen = g;
    this.pendingConfig = c;
    this.pendingHash = h;
    this.pendingEnd = from + n;
    this.pendingChain = chain;
    for (let e = this.head[chain] - 1; e >= 0; e = this.next[e] - 1)
      if (this.matches(e, h, g, c, from, n)) return this.firstOut[e];
    const slots = this.slots;
    if (slots === undefined || this.chained[chain] < CHAIN) return -1;
    for (let slot = h & this.mask; ; slot = (slot + 1) & this.mask) {
      const e = slots[2 * slot] - 1;
      if (e < 0) return -1;
      if (slots[2 * slot + 1] === h && this.matches(e, h, g, c, from, n)) return this.firstOut[e];
    }
  }

  private matches(e: number, h: number, g: number, c: number, from: number, n: number): boolean {
    if (this.hash[e] !== h || this.gen[e] !== g || this.config[e] !== c) return false;
    const at = this.insStart[e];
    if (this.insStart[e + 1] - at !== n) return false;
    for (let k = 0; k < n; k++) if (this.insFlat[at + k] !== this.insFlat[from + k]) return false;
    return true;
  }

  /** Enters the step the last `find` missed, whose outputs start at buffer `first`. */
  add(first: number): void {
    const e = this.size++;
    const h = this.pendingHash;
    this.gen[e] = this.pendingGen;
    this.config[e] = this.pendingConfig;
    this.hash[e] = h;
    this.firstOut[e] = first;
    this.insStart[e + 1] = this.pendingEnd;
    const chain = this.pendingChain;
    if (this.chained[chain] < CHAIN) {
      this.chained[chain]++;
      this.next[e] = this.head[chain];
      this.head[chain] = e + 1;
      return;
    }
    if (this.slots === undefined) {
      let size = 16;
      while (size < 2 * this.capacity) size *= 2;
      this.slots = new Int32Array(2 * size);
      this.mask = size - 1;
    }
    let slot = h & this.mask;
    while (this.slots[2 * slot] !== 0) slot = (slot + 1) & this.mask;
    this.slots[2 * slot] = e + 1;
    this.slots[2 * slot + 1] = h;
  }

  private configId(config: Config): number {
    if (config !== this.lastConfig) {
      let id = this.configIds.get(config);
      if (id === undefined) {
        id = intern(this.configs, canonicalConfig(config));
        this.configIds.set(config, id);
      }
      this.lastConfig = config;
      this.lastConfigId = id;
    }
    return this.lastConfigId;
  }
}

/** The longest chain of CSE entries sharing a last input buffer; more go to the hash table. */
const CHAIN = 4;

function intern(table: Map<string, number>, key: string): number {
  const known = table.get(key);
  if (known !== undefined) return known;
  table.set(key, table.size);
  return table.size - 1;
}
