/** A sub-diagram as one Para box: its name, its open ports, its parameters entering from the top; double-click enters it. */
import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { groupParams, stackedParams } from '../../model/paraGroup';
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
      {params && <ParamStrand label={d.label} names={params.split('\n')} />}
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

/** The group's parameters entering from the top: a column of their names, the surplus counted. */
function ParamStrand({ label, names }: { label: string; names: string[] }) {
  const { shown, more } = stackedParams(names);
  return (
    <ul className="para-ports" aria-label={`parameters of ${label}`}>
      {shown.map((p, i) => (
        // two parameters may feed ports of the same name (four `W of linear 32→32`)
        // biome-ignore lint/suspicious/noArrayIndexKey: the names are not unique, their order is fixed
        <li key={i} className="para-port" title={`a parameter of this Para box: ${p}`}>
          <span className="para-port-p">P</span> {p}
        </li>
      ))}
      {more.length > 0 && (
        <li className="para-port" title={`more parameters of this Para box: ${more.join(', ')}`}>
          <span className="para-port-p">P</span> … {more.length} more
        </li>
      )}
    </ul>
  );
}
