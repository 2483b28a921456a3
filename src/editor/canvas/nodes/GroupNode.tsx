/** A sub-diagram as one Para box: its name, its open ports; double-click enters it. */
import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { useGroup, useIsLinked } from '../../store/hooks';
import { boxMarkClass, useBoxMark } from '../animationMarks';
import type { DiagramNode } from '../flowProjection';
import { BackwardStrand } from './BackwardStrand';
import { BoxErrors } from './BoxErrors';
import { PortHandles } from './PortHandles';
import { useDescription } from './useDescription';

export const GroupNode = memo(function GroupNode({ id, data, selected }: NodeProps<DiagramNode>) {
  const d = useDescription(id, data);
  const linked = useIsLinked(id);
  const group = useGroup(id);
  const mark = boxMarkClass(useBoxMark(id));
  return (
    <div
      className={`box box-group${selected ? ' is-selected' : ''}${linked ? ' is-linked' : ''}${mark}`}
      data-generator={data.generator}
      title="double-click to enter"
    >
      <div className="box-forward">
        <span className="box-symbol">▣</span>
        <span className="box-label" title={d.label}>
          {d.label}
        </span>
        {group?.tiedTo && (
          <span className="tied-mark" title={`shares parameters with ${group.tiedTo}`}>
            ⛓
          </span>
        )}
      </div>
      <BackwardStrand symbol={d.label} />
      <PortHandles box={id} inputs={d.inputs} outputs={d.outputs} />
      <BoxErrors box={id} />
    </div>
  );
});
