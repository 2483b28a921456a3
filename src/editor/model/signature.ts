/**
 * The type signature of a generator, found by asking its own type rule: probe types are offered
 * (a free size n, and distinct sizes put in its integer config fields) until the rule accepts
 * them, and the sizes are then written as the names they came from — `ℝ^in → ℝ^out` for linear,
 * `ℝ^n ⊗ ℝ^n → ℝ^n` for add. Parameters are kept apart, as in Para: `P = ℝ^{in×out}ᵖ`.
 */
import { normaliseConfig } from '../../core/config';
import type { Generator } from '../../core/generator';
import { printProduct, type WireType } from '../../core/wire';

export interface Signature {
  readonly dom: readonly WireType[];
  readonly cod: readonly WireType[];
  readonly params: readonly WireType[];
  /** Size → the name it is printed as (`n`, `in`, `out`). */
  readonly names: ReadonlyMap<number, string>;
}

const FREE = 5;
const SENTINELS = [11, 13, 17, 19];

function shapes(sizes: readonly number[]): number[][] {
  return [...sizes.map((a) => [a]), [], ...sizes.flatMap((a) => sizes.map((b) => [a, b]))];
}

function candidates(sizes: readonly number[], batch: boolean): WireType[] {
  return (['real', 'z2'] as const).flatMap((field) => shapes(sizes).map((shape) => ({ field, shape, batch })));
}

function tryConfig(
  gen: Generator,
  config: Record<string, unknown>,
  sizes: readonly number[],
  names: Map<number, string>,
): Signature | null {
  let ports: ReturnType<Generator['ports']>;
  let full: Record<string, unknown>;
  try {
    full = { ...normaliseConfig(gen, config) };
    ports = gen.ports(full);
  } catch {
    return null;
  }
  const params = ports.inputs.filter((p) => p.param).length;
  const data = ports.inputs.length - params;
  const dataCands = data === 0 ? [null] : candidates(sizes, true);
  const paramCands = params === 0 ? [[]] : candidates(sizes, false).map((t) => Array.from({ length: params }, () => t));
  for (const t of dataCands) {
    for (const ps of paramCands) {
      let pi = 0;
      const inputs = ports.inputs.map((p) => (p.param ? ps[pi++] : t) as WireType);
      try {
        const cod = gen.type(full, inputs);
        return { dom: inputs.filter((_, i) => !ports.inputs[i].param), params: ps, cod, names };
      } catch {
        // not this probe
      }
    }
  }
  return null;
}

const cache = new Map<string, Signature | null>();

export function signatureOf(gen: Generator): Signature | null {
  if (cache.has(gen.id)) return cache.get(gen.id) ?? null;
  // 2ⁿ: the minterms of n bits (basis)
  let sig = tryConfig(
    gen,
    {},
    [FREE],
    new Map([
      [FREE, 'n'],
      [2 ** FREE, '2ⁿ'],
    ]),
  );
  if (!sig) {
    const config: Record<string, unknown> = {};
    const names = new Map<number, string>([[FREE, 'n']]);
    const ints = gen.configFields.filter((f) => f.kind === 'int');
    ints.forEach((f, i) => {
      const v = SENTINELS[i % SENTINELS.length];
      if ((f.max ?? Infinity) < v || (f.min ?? -Infinity) > v) return;
      config[f.key] = v;
      names.set(v, f.key);
    });
    sig = tryConfig(
      gen,
      config,
      [FREE, ...names.keys()].filter((v, i, a) => a.indexOf(v) === i),
      names,
    );
  }
  cache.set(gen.id, sig);
  return sig;
}

function named(text: string, names: ReadonlyMap<number, string>): string {
  return text.replace(/\d+/g, (m) => names.get(Number(m)) ?? m);
}

export function printSignature(sig: Signature): string {
  const main = `${named(printProduct(sig.dom), sig.names)} → ${named(printProduct(sig.cod), sig.names)}`;
  return sig.params.length === 0 ? main : `${main}, P = ${named(printProduct(sig.params), sig.names)}`;
}
