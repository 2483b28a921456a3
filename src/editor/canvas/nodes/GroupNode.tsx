/** A sub-diagram as one Para box: its name, its open ports, its parameters entering from the top; double-click enters it. */
import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { groupParams } from '../../model/paraGroup';
import { useEditor } from '../../store/EditorStoreContext';
import { useGroup, useIsLinked } from '../../store/hooks';
import { boxMarkClass, useBoxMark } from '../animationMarks';
import type { DiagramNode } from '../flowProjection';
import { BackwardStrand } from './BackwardStrand';
import { BoxErrors } from './BoxErrors';
import { PortHandles } from './PortHandles';
import { portRoom } from './portPlacement';
import { useDescription } from './useDescription';

export const GroupNode = memo(function GroupNode({ id, data, selected }: NodeProps<DiagramNode>) {
  const d = useDescription(id, data);
  const linked = useIsLinked(id);
  const group = useGroup(id);
  const mark = boxMarkClass(useBoxMark(id));
  // joined, so the node re-renders only when the names change
  const params = useEditor((s) => groupParams(s.doc, id).join('\n'));
  return (
    <div
      className={`box box-group${selected ? ' is-selected' : ''}${linked ? ' is-linked' : ''}${mark}`}
      data-generator={data.generator}
      title="double-click to enter"
      style={portRoom(d.inputs, d.outputs)}
    >
      {params && (
        <ul className="para-ports" aria-label={`parameters of ${d.label}`}>
          {params.split('\n').map((p) => (
            <li key={p} className="para-port" title={`a parameter of this Para box: ${p}`}>
              <span className="para-port-p">P</span> {p}
            </li>
          ))}
        </ul>
      )}
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
