/**
 * The type written on a wire, and the compiler's complaint when there is one. Its own component,
 * so that a compile re-renders these few words and not the wire's path. The type is written in
 * the notation chosen: `ℝ^8`, or "8 numbers" (docs/notation.md), in the `chars` characters a
 * wire between two boxes on one row has room for (`typeWithin`).
 */
import { EdgeLabelRenderer } from '@xyflow/react';
import { memo } from 'react';
import { messageIn, typeWithin } from '../../learn/explain/plainWords';
import { useNotation } from '../notation/useNotation';
import { useEditor } from '../store/EditorStoreContext';
import { useWireErrors } from '../store/hooks';

export const WireLabel = memo(function WireLabel({
  id,
  x,
  y,
  chars,
}: {
  id: string;
  x: number;
  y: number;
  chars: number;
}) {
  const type = useEditor((s) => s.compiled?.wireTypes.get(id));
  const notation = useNotation();
  const errors = useWireErrors(id);
  const failed = errors.length > 0;
  return (
    <EdgeLabelRenderer>
      <div
        className={`wire-label${failed ? ' wire-label-error' : ''}`}
        style={{ transform: `translate(-50%, -100%) translate(${x}px, ${y - 2}px)` }}
        data-wire={id}
      >
        {type ? typeWithin(notation, type, chars) : '?'}
        {failed && (
          <span className="wire-error-text" title={errors.map((e) => messageIn(notation, e.message)).join('\n')}>
            {messageIn(notation, errors[0].message)}
          </span>
        )}
      </div>
    </EdgeLabelRenderer>
  );
});
