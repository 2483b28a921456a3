/** The inferred type of each port of a box, as the compiler found them, in the notation chosen. */
import type { PortSpec } from '../../core/generator';
import { typeIn } from '../../learn/explain/plainWords';
import { useNotation } from '../notation/useNotation';
import { useCompiled } from '../store/hooks';

export function PortTypesList({ box, title, ports }: { box: string; title: string; ports: readonly PortSpec[] }) {
  const compiled = useCompiled();
  const notation = useNotation();
  if (ports.length === 0) return null;
  return (
    <dl className="port-types" aria-label={title}>
      {ports.map((p) => {
        const t = compiled?.portTypes.get(`${box}:${p.name}`);
        return (
          <div key={p.name}>
            <dt>
              {p.name}
              {p.param ? ' (parameter)' : ''}
            </dt>
            <dd>{t ? typeIn(notation, t) : 'not inferred yet'}</dd>
          </div>
        );
      })}
    </dl>
  );
}
