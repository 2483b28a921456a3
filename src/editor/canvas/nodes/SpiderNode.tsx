/** The structural generators (copy, discard, add, zero, swap…) as the dots and spiders of string diagrams. */
import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { useHasBoxErrors, useIsLinked } from '../../store/hooks';
import type { DiagramNode } from '../flowProjection';
import { BackwardStrand } from './BackwardStrand';
import { BoxErrors } from './BoxErrors';
import { PortHandles } from './PortHandles';
import { useDescription } from './useDescription';

export const SpiderNode = memo(function SpiderNode({ id, data, selected }: NodeProps<DiagramNode>) {
  const d = useDescription(id, data);
  const linked = useIsLinked(id);
  const failed = useHasBoxErrors(id);
  const label = data.label ?? d.label;
  return (
    <div
      className={`spider spider-${d.draw.shape}${selected ? ' is-selected' : ''}${linked ? ' is-linked' : ''}${failed ? ' has-error' : ''}`}
      data-generator={data.generator}
      title={label}
    >
      <div className="spider-dot" style={{ background: d.draw.colour }}>
        <span className="spider-symbol">{d.draw.symbol}</span>
      </div>
      <span className="visually-hidden box-label">{label}</span>
      <BackwardStrand symbol={d.draw.symbol} />
      <PortHandles box={id} inputs={d.inputs} outputs={d.outputs} />
      <BoxErrors box={id} />
    </div>
  );
});
