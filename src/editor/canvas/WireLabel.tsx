/**
 * The type written on a wire, and the compiler's complaint when there is one. Its own component,
 * so that a compile re-renders these few words and not the wire's path.
 */
import { EdgeLabelRenderer } from '@xyflow/react';
import { memo } from 'react';
import { useWireErrors, useWireTypeText } from '../store/hooks';

export const WireLabel = memo(function WireLabel({ id, x, y }: { id: string; x: number; y: number }) {
  const type = useWireTypeText(id);
  const errors = useWireErrors(id);
  const failed = errors.length > 0;
  return (
    <EdgeLabelRenderer>
      <div
        className={`wire-label${failed ? ' wire-label-error' : ''}`}
        style={{ transform: `translate(-50%, -100%) translate(${x}px, ${y - 2}px)` }}
        data-wire={id}
      >
        {type ?? '?'}
        {failed && (
          <span className="wire-error-text" title={errors.map((e) => e.message).join('\n')}>
            {errors[0].message}
          </span>
        )}
      </div>
    </EdgeLabelRenderer>
  );
});
