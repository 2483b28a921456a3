/** A generator drawn as a box: its symbol, its label (text, cut with an ellipsis), its ports. */
import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import type { DiagramNode } from '../flowProjection';
import { BackwardStrand } from './BackwardStrand';
import { BoxErrors } from './BoxErrors';
import { ConfigSizes } from './ConfigSizes';
import { PortHandles } from './PortHandles';
import { portRoom } from './portPlacement';
import { useNodeLook } from './useNodeLook';

export const BoxNode = memo(function BoxNode({ id, data, selected }: NodeProps<DiagramNode>) {
  const { d, label, sizes, failed, stateClasses } = useNodeLook(id, data, selected);
  return (
    <div
      className={`box box-${d.kind}${stateClasses}`}
      style={{ borderColor: failed ? undefined : d.draw.colour, ...portRoom(d.inputs, d.outputs) }}
      data-generator={data.generator}
    >
      <div className="box-forward">
        <span className="box-symbol" style={{ color: d.draw.colour }}>
          {d.draw.symbol}
        </span>
        <span className="box-label" title={label}>
          {label}
        </span>
        {sizes && <ConfigSizes sizes={sizes} />}
      </div>
      <BackwardStrand symbol={d.draw.symbol} />
      <PortHandles box={id} inputs={d.inputs} outputs={d.outputs} />
      <BoxErrors box={id} />
    </div>
  );
});
