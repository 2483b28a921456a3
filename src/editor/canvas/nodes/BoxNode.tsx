/** A generator drawn as a box: its symbol, its label (text, cut with an ellipsis), its ports. */
import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { useHasBoxErrors, useIsLinked } from '../../store/hooks';
import type { DiagramNode } from '../flowProjection';
import { BackwardStrand } from './BackwardStrand';
import { BoxErrors } from './BoxErrors';
import { PortHandles } from './PortHandles';
import { useDescription } from './useDescription';

export const BoxNode = memo(function BoxNode({ id, data, selected }: NodeProps<DiagramNode>) {
  const d = useDescription(id, data);
  const linked = useIsLinked(id);
  const failed = useHasBoxErrors(id);
  const label = data.label ?? d.label;
  return (
    <div
      className={`box box-${d.kind}${selected ? ' is-selected' : ''}${linked ? ' is-linked' : ''}${failed ? ' has-error' : ''}`}
      style={{ borderColor: failed ? undefined : d.draw.colour }}
      data-generator={data.generator}
    >
      <div className="box-forward">
        <span className="box-symbol" style={{ color: d.draw.colour }}>
          {d.draw.symbol}
        </span>
        <span className="box-label" title={label}>
          {label}
        </span>
      </div>
      <BackwardStrand symbol={d.draw.symbol} />
      <PortHandles box={id} inputs={d.inputs} outputs={d.outputs} />
      <BoxErrors box={id} />
    </div>
  );
});
