/** The selected wire: where it runs and its inferred type. */
import type { WireDoc } from '../../io/document';
import { useWireErrors, useWireTypeText } from '../store/hooks';
import { ErrorList } from './ErrorList';

export function WireInspector({ wire }: { wire: WireDoc }) {
  const type = useWireTypeText(wire.id);
  const errors = useWireErrors(wire.id);
  return (
    <section className="inspector-section" aria-label={`Wire ${wire.id}`}>
      <h3 className="inspector-title">Wire</h3>
      <p>
        {wire.from.box}.{wire.from.port} → {wire.to.box}.{wire.to.port}
      </p>
      <p>
        type: <output className="wire-type">{type ?? 'not inferred yet'}</output>
      </p>
      <ErrorList errors={errors} />
    </section>
  );
}
