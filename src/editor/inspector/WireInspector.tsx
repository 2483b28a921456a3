/** The selected wire: where it runs and its inferred type, in the notation chosen (docs/notation.md). */
import { printType } from '../../core/wire';
import type { WireDoc } from '../../io/document';
import { typeIn } from '../../learn/explain/plainWords';
import { useNotation } from '../notation/useNotation';
import { useEditor } from '../store/EditorStoreContext';
import { useWireErrors } from '../store/hooks';
import { ErrorList } from './ErrorList';

export function WireInspector({ wire }: { wire: WireDoc }) {
  const type = useEditor((s) => s.compiled?.wireTypes.get(wire.id));
  const notation = useNotation();
  const errors = useWireErrors(wire.id);
  return (
    <section className="inspector-section" aria-label={`Wire ${wire.id}`}>
      <h3 className="inspector-title">Wire</h3>
      <p>
        {wire.from.box}.{wire.from.port} → {wire.to.box}.{wire.to.port}
      </p>
      <p>
        type:{' '}
        <output className="wire-type" title={type && printType(type)}>
          {type ? typeIn(notation, type) : 'not inferred yet'}
        </output>
      </p>
      <ErrorList errors={errors} />
    </section>
  );
}
