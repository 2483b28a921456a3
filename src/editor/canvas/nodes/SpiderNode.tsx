/** The structural generators (copy, discard, add, zero, swap…) as the dots and spiders of string diagrams. */
import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import type { DiagramNode } from '../flowProjection';
import { BackwardStrand } from './BackwardStrand';
import { BoxErrors } from './BoxErrors';
import { PortHandles } from './PortHandles';
import { portRoom } from './portPlacement';
import { useNodeLook } from './useNodeLook';

export const SpiderNode = memo(function SpiderNode({ id, data, selected }: NodeProps<DiagramNode>) {
  const { d, label, stateClasses } = useNodeLook(id, data, selected);
  return (
    <div
      className={`spider spider-${d.draw.shape}${stateClasses}`}
      data-generator={data.generator}
      title={label}
      style={portRoom(d.inputs, d.outputs)}
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
