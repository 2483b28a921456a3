/**
 * The shapes of the bound dataset's columns, from the catalog. The catalog lists the default
 * options' shapes; the Boolean functions take their width from `bits`, so that is followed
 * here. A caller holding the loaded dataset passes its shapes instead (CompileOptions).
 */
import { catalog } from '../data/catalog';
import type { DatasetBinding } from '../io/document';
import type { ErrorList } from './errors';
import type { DataShapes } from './state';

function featureShape(
  id: string,
  options: Readonly<Record<string, unknown>>,
  fallback: readonly number[],
): readonly number[] {
  const bits = options.bits;
  if (typeof bits !== 'number' || !Number.isInteger(bits) || bits < 1) return fallback;
  if (id === 'parity' || id === 'majority') return [bits];
  if (id === 'multiplexer') return [bits + 2 ** bits];
  return fallback;
}

export function dataShapesOf(binding: DatasetBinding | undefined, errors: ErrorList): DataShapes | undefined {
  if (!binding) return undefined;
  const entry = catalog.get(binding.id);
  if (!entry) {
    errors.add('no-input', `unknown dataset '${binding.id}'`);
    return undefined;
  }
  return {
    featureShape: featureShape(entry.id, binding.options, entry.featureShape),
    labelShape: entry.labelShape,
    field: entry.task === 'boolean' ? 'z2' : 'real',
  };
}
