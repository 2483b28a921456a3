/** The selected wire: where it runs and its inferred type. */
import { printType } from '../../core/wire';
import type { WireDoc } from '../../io/document';
import { useWireErrors, useWireType } from '../store/hooks';
import { ErrorList } from './ErrorList';

export function WireInspector({ wire }: { wire: WireDoc }) {
  const type = useWireType(wire.id);
  const errors = useWireErrors(wire.id);
  return (
    <section className="inspector-section" aria-label={`Wire ${wire.id}`}>
      <h3 className="inspector-title">Wire</h3>
      <p>
        {wire.from.box}.{wire.from.port} → {wire.to.box}.{wire.to.port}
      </p>
      <p>
        type: <output className="wire-type">{type ? printType(type) : 'not inferred yet'}</output>
      </p>
      <ErrorList errors={errors} />
    </section>
  );
}
