/**
 * A wire with its type written on it (WireLabel). Wires the compiler complains about are red and
 * carry the message; a ℤ₂ wire is a double line, so a Boolean circuit reads apart from a real one; in lens view a second, dashed strand runs below, right to left: the changes
 * flowing back.
 */
import { BaseEdge, type EdgeProps, getBezierPath, Position } from '@xyflow/react';
import { memo } from 'react';
import { useHasWireErrors, useIsZ2Wire, useLensView } from '../store/hooks';
import { useWireEmphasis } from '../store/wireEmphasis';
import { useWireMark } from './animationMarks';
import { besidePath } from './backwardPath';
import { labelRoom } from './labelRoom';
import { WireLabel } from './WireLabel';
import { WireValue } from './WireValue';

const BACKWARD_OFFSET = 26;
const BESIDE = 10;

export const TypedWire = memo(function TypedWire(props: EdgeProps) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, selected } = props;
  const failed = useHasWireErrors(id);
  const bits = useIsZ2Wire(id);
  const lens = useLensView();
  const mark = useWireMark(id);
  // The weights' emphasis gives way to the animation's colours while a step is shown.
  const emphasis = useWireEmphasis(id);
  const weighty = emphasis && !failed && !mark;
  const [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  const anim = mark ? ` anim-${mark.pass}${mark.lit ? ' anim-lit' : ''}` : '';
  const cls = `typed-wire${bits ? ' wire-z2' : ''}${failed ? ' wire-error' : ''}${selected ? ' is-selected' : ''}${anim}`;
  // a wire into a top port (a parameter's) has its strand beside it all along (backwardPath.ts)
  const beside = lens && targetPosition === Position.Top ? besidePath(path, BESIDE) : null;
  const [back] = beside
    ? [beside]
    : lens
      ? getBezierPath({
          sourceX: targetX,
          sourceY: targetY + BACKWARD_OFFSET,
          targetX: sourceX,
          targetY: sourceY + BACKWARD_OFFSET,
          sourcePosition: targetPosition,
          targetPosition: sourcePosition,
        })
      : [''];
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        className={cls}
        interactionWidth={14}
        style={weighty ? { strokeWidth: emphasis.width, stroke: emphasis.colour } : undefined}
      />
      {weighty && <title>{emphasis.title}</title>}
      {bits && !weighty && <path d={path} className="wire-z2-core" />}
      {lens && (
        <path
          d={back}
          className={`backward-wire${mark?.pass === 'backward' ? anim : ''}`}
          markerEnd="url(#lens-back-arrow)"
        />
      )}
      <WireLabel id={id} x={labelX} y={labelY} chars={labelRoom(sourceX, sourceY, targetX, targetY)} />
      {mark && <WireValue id={id} mark={mark} x={labelX} y={labelY} />}
    </>
  );
});

export const edgeTypes = { typed: TypedWire };
