/**
 * The compiler's errors about one box, in red under it: one line no wider than the box (so the
 * badges of neighbouring boxes never overlap), the first message and how many more; every
 * message is in its tooltip, in the inspector and in the list of errors, its types written in
 * the notation chosen (docs/notation.md).
 */
import { messageIn } from '../../../learn/explain/plainWords';
import { useNotation } from '../../notation/useNotation';
import { useBoxErrors } from '../../store/hooks';

export function BoxErrors({ box }: { box: string }) {
  const errors = useBoxErrors(box);
  const notation = useNotation();
  if (errors.length === 0) return null;
  const messages = errors.map((e) => messageIn(notation, e.message));
  const more = errors.length > 1 ? ` (+${errors.length - 1} more)` : '';
  return (
    <p className="box-errors" role="note" aria-label={`errors of ${box}`} title={messages.join('\n')}>
      {messages[0]}
      {more}
    </p>
  );
}
