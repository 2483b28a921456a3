/**
 * zod, configured once for every schema of the house. zod 4 compiles object parsers with
 * `new Function` unless told not to; our Content-Security-Policy forbids eval (in the page and
 * in the training worker), and even zod's caught probe is reported as a violation.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };

/**
 * A schema built the first time it is read, not as its module loads: building the house's
 * schemas was most of the page's module evaluation, though a first visit parses nothing before
 * its canvas is shown (docs/architecture.md, "The first screen"). The value stands for the
 * schema in every use — parse, extend, shape, nesting in another schema, instanceof, its
 * metadata (`.meta`, read by the JSON Schema generator by the schema's identity) — and every read
 * goes to the one schema built.
 */
export function lazySchema<T extends object>(make: () => T): T {
  let built: T | undefined;
  const real = (): T => {
    if (built === undefined) {
      built = make();
      const meta = z.globalRegistry.get(built as unknown as z.ZodType);
      if (meta) z.globalRegistry.add(stand as unknown as z.ZodType, meta);
    }
    return built;
  };
  const stand: T = new Proxy({} as T, {
    get(_, key) {
      const schema = real();
      const value: unknown = Reflect.get(schema, key, schema);
      return typeof value === 'function' ? value.bind(schema) : value;
    },
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor(_, key) {
      const d = Reflect.getOwnPropertyDescriptor(real(), key);
      return d && { ...d, configurable: true };
    },
    defineProperty: (_, key, d) => Reflect.defineProperty(real(), key, d),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
  return stand;
}
