/** A box of R[f]: forward boxes in the forward colour, backward ones in red; linked to its source box. */
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { useEditor } from '../store/EditorStoreContext';

/** `of`: the drawn box it comes from, as the drawing names it. */
export type RBoxData = { label: string; pass: string; source?: string; of?: string };

export function RBoxNode({ data }: NodeProps<Node<RBoxData>>) {
  const lit = useEditor((s) => data.source !== undefined && s.hovered === data.source);
  return (
    <div
      className={`rbox rbox-${data.pass}${lit ? ' is-linked' : ''}`}
      title={data.of ? `from ${data.of} (${data.pass} pass)` : data.label}
      data-source={data.source}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <span className="rbox-op">{data.label}</span>
      {data.of && <span className="rbox-of">{data.of}</span>}
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
}
