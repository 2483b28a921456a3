/**
 * The learner's boxes, each with its own shape: the data input and label as tags pointing into
 * the diagram, the loss as a cup, the learning-rate cap α as a cap, the optimiser as a rounded
 * box above the parameters.
 */
import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { useHasBoxErrors, useIsLinked } from '../../store/hooks';
import type { DiagramNode } from '../flowProjection';
import { BackwardStrand } from './BackwardStrand';
import { BoxErrors } from './BoxErrors';
import { PortHandles } from './PortHandles';
import { useDescription } from './useDescription';

export const LearnerNode = memo(function LearnerNode({ id, data, selected }: NodeProps<DiagramNode>) {
  const d = useDescription(id, data);
  const linked = useIsLinked(id);
  const failed = useHasBoxErrors(id);
  const label = data.label ?? d.label;
  return (
    <div
      className={`learner learner-${data.generator}${selected ? ' is-selected' : ''}${linked ? ' is-linked' : ''}${failed ? ' has-error' : ''}`}
      data-generator={data.generator}
      style={{ borderColor: failed ? undefined : d.draw.colour }}
    >
      <span className="box-symbol" style={{ color: d.draw.colour }}>
        {d.draw.symbol}
      </span>
      <span className="box-label" title={label}>
        {label}
      </span>
      <BackwardStrand symbol={d.draw.symbol} />
      <PortHandles box={id} inputs={d.inputs} outputs={d.outputs} />
      <BoxErrors box={id} />
    </div>
  );
});
