/**
 * The learner's boxes, each with its own shape: the data input and label as tags pointing into
 * the diagram, the loss as a cup, the learning-rate cap α as a cap, the optimiser as a rounded
 * box above the parameters.
 */
import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import type { DiagramNode } from '../flowProjection';
import { BackwardStrand } from './BackwardStrand';
import { BoxErrors } from './BoxErrors';
import { ConfigSizes } from './ConfigSizes';
import { PortHandles } from './PortHandles';
import { portRoom } from './portPlacement';
import { useNodeLook } from './useNodeLook';

export const LearnerNode = memo(function LearnerNode({ id, data, selected }: NodeProps<DiagramNode>) {
  const { d, label, sizes, failed, stateClasses } = useNodeLook(id, data, selected);
  return (
    <div
      className={`learner learner-${data.generator}${stateClasses}`}
      data-generator={data.generator}
      style={{ borderColor: failed ? undefined : d.draw.colour, ...portRoom(d.inputs, d.outputs) }}
    >
      <span className="box-symbol" style={{ color: d.draw.colour }}>
        {d.draw.symbol}
      </span>
      <span className="box-label" title={label}>
        {label}
      </span>
      {sizes && <ConfigSizes sizes={sizes} />}
      <BackwardStrand symbol={d.draw.symbol} />
      <PortHandles box={id} inputs={d.inputs} outputs={d.outputs} />
      <BoxErrors box={id} />
    </div>
  );
});
