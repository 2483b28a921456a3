/**
 * The registry of generators. The built-in families (generators/index) register themselves on
 * first use, so any entry point — builder, rdiff, an engine — sees the same table. It refuses
 * duplicate ids: tfjs's hand-kept gradient list drifted into duplicates; ours cannot.
 */
import { DuplicateGeneratorError, UnknownGeneratorError } from './errors';
import type { Generator } from './generator';
import { builtinGenerators } from './generators/index';

const table = new Map<string, Generator>();
let builtinsLoaded = false;

function loadBuiltins(): void {
  if (builtinsLoaded) return;
  builtinsLoaded = true;
  for (const g of builtinGenerators()) register(g);
}

export function register(gen: Generator): void {
  loadBuiltins();
  if (table.has(gen.id)) throw new DuplicateGeneratorError(gen.id);
  table.set(gen.id, gen);
}

export function getGenerator(id: string): Generator {
  loadBuiltins();
  const gen = table.get(id);
  if (!gen) throw new UnknownGeneratorError(id);
  return gen;
}

export function hasGenerator(id: string): boolean {
  loadBuiltins();
  return table.has(id);
}

/** Every registered generator, in registration order (families in index order). */
export function allGenerators(): Generator[] {
  loadBuiltins();
  return [...table.values()];
}
