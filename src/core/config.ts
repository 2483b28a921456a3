/**
 * Config checking shared by every generator: defaults filled in from `configFields` (so equal
 * boxes have equal configs, which CSE relies on) and each value checked against its field's
 * kind and range, throwing a ConfigError that names the generator, the key and what is allowed.
 */
import type { Config } from './diagram';
import { ConfigError, unreachable } from './errors';
import type { ConfigField, Generator } from './generator';

/** The config with every field filled in and checked; the same object when already complete. */
export function normaliseConfig(gen: Generator, config: Config): Config {
  let out: Record<string, unknown> | undefined;
  for (const f of gen.configFields) {
    if (config[f.key] === undefined) {
      out ??= { ...config };
      out[f.key] = f.default;
    }
    checkField(gen.id, f, (out ?? config)[f.key]);
  }
  return out ?? config;
}

function range(f: ConfigField): string {
  const lo = f.min ?? -Infinity;
  const hi = f.max ?? Infinity;
  return `${lo} ≤ ${f.key} ≤ ${hi}`;
}

function checkField(gen: string, f: ConfigField, v: unknown): void {
  const fail = (allowed: string): never => {
    throw new ConfigError(gen, f.key, allowed, v);
  };
  switch (f.kind) {
    case 'int':
      if (typeof v !== 'number' || !Number.isInteger(v)) fail(`an integer, ${range(f)}`);
      if ((v as number) < (f.min ?? -Infinity) || (v as number) > (f.max ?? Infinity)) fail(`an integer, ${range(f)}`);
      return;
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) fail(`a finite number, ${range(f)}`);
      if ((v as number) < (f.min ?? -Infinity) || (v as number) > (f.max ?? Infinity))
        fail(`a finite number, ${range(f)}`);
      return;
    case 'shape':
      if (!Array.isArray(v) || !v.every((n) => Number.isInteger(n) && n >= (f.min ?? 1)))
        fail(`a list of ${f.length ?? ''}${f.length ? ' ' : ''}integers ≥ ${f.min ?? 1}`);
      if (f.length !== undefined && (v as unknown[]).length !== f.length)
        fail(`a list of ${f.length} integers ≥ ${f.min ?? 1}`);
      return;
    case 'enum':
      if (!f.options?.includes(v as string)) fail(`one of ${f.options?.join(', ')}`);
      return;
    case 'boolean':
      if (typeof v !== 'boolean') fail('true or false');
      return;
    case 'field':
      if (v !== 'real' && v !== 'z2') fail('real or z2');
      return;
    default:
      unreachable(f.kind, `config field kind of ${gen}.${f.key}`);
  }
}
