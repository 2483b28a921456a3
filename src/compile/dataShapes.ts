/**
 * The shapes of the bound dataset's columns, as the data layer says they follow from the
 * binding (src/data/binding.ts: the catalog's options, or an imported CSV's roles). A caller
 * holding the loaded dataset passes its shapes instead (CompileOptions).
 */
import { bindingShapes } from '../data/binding';
import type { DatasetBinding } from '../io/document';
import type { ErrorList } from './errors';
import type { DataShapes } from './state';

export function dataShapesOf(binding: DatasetBinding | undefined, errors: ErrorList): DataShapes | undefined {
  if (!binding) return undefined;
  try {
    const { featureShape, labelShape, task } = bindingShapes(binding.id, binding.options);
    return { featureShape, labelShape, field: task === 'boolean' ? 'z2' : 'real' };
  } catch (e) {
    errors.add('no-input', e instanceof Error ? e.message : String(e));
    return undefined;
  }
}
