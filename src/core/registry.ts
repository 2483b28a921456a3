/**
 * A table of generators by id, and nothing else: it imports only the generator's type and the
 * errors, so any module may import it without pulling the generators in (tfjs's kernel registry
 * is built the same way). The one table every lookup reads is made in generators/index.ts with
 * the built-in families already in it. It refuses duplicate ids: tfjs's hand-kept gradient list
 * drifted into duplicates; ours cannot.
 */
import { DuplicateGeneratorError, UnknownGeneratorError } from './errors';
import type { Generator } from './generator';

export class GeneratorRegistry {
  private readonly table = new Map<string, Generator>();

  constructor(generators: Iterable<Generator> = []) {
    for (const g of generators) this.register(g);
  }

  register(gen: Generator): void {
    if (this.table.has(gen.id)) throw new DuplicateGeneratorError(gen.id);
    this.table.set(gen.id, gen);
  }

  get(id: string): Generator {
    const gen = this.table.get(id);
    if (!gen) throw new UnknownGeneratorError(id);
    return gen;
  }

  has(id: string): boolean {
    return this.table.has(id);
  }

  /** Every generator, in registration order. */
  all(): Generator[] {
    return [...this.table.values()];
  }
}
