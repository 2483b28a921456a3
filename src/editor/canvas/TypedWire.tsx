/**
 * A wire with its type written on it. Wires the compiler complains about are red and carry the
 * message; in lens view a second, dashed strand runs below, right to left: the changes flowing
 * back.
 */
import { BaseEdge, EdgeLabelRenderer, type EdgeProps, getBezierPath } from '@xyflow/react';
import { printType } from '../../core/wire';
import { useLensView, useWireErrors, useWireType } from '../store/hooks';

const BACKWARD_OFFSET = 26;

export function TypedWire(props: EdgeProps) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, selected } = props;
  const type = useWireType(id);
  const errors = useWireErrors(id);
  const lens = useLensView();
  const [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  const failed = errors.length > 0;
  const cls = `typed-wire${failed ? ' wire-error' : ''}${selected ? ' is-selected' : ''}`;
  const [back] = getBezierPath({
    sourceX: targetX,
    sourceY: targetY + BACKWARD_OFFSET,
    targetX: sourceX,
    targetY: sourceY + BACKWARD_OFFSET,
    sourcePosition: targetPosition,
    targetPosition: sourcePosition,
  });
  return (
    <>
      <BaseEdge id={id} path={path} className={cls} interactionWidth={14} />
      {lens && <path d={back} className="backward-wire" markerEnd="url(#lens-back-arrow)" />}
      <EdgeLabelRenderer>
        <div
          className={`wire-label${failed ? ' wire-label-error' : ''}`}
          style={{ transform: `translate(-50%, -100%) translate(${labelX}px, ${labelY - 2}px)` }}
          data-wire={id}
        >
          {type ? printType(type) : '?'}
          {failed && (
            <span className="wire-error-text" title={errors.map((e) => e.message).join('\n')}>
              {errors[0].message}
            </span>
          )}
        </div>
      </EdgeLabelRenderer>
    </>
  );
}

export const edgeTypes = { typed: TypedWire };
