/**
 * The compiler's errors about one box, in red under it: one line no wider than the box (so the
 * badges of neighbouring boxes never overlap), the first message and how many more; every
 * message is in its tooltip, in the inspector and in the list of errors.
 */
import { useBoxErrors } from '../../store/hooks';

export function BoxErrors({ box }: { box: string }) {
  const errors = useBoxErrors(box);
  if (errors.length === 0) return null;
  const more = errors.length > 1 ? ` (+${errors.length - 1} more)` : '';
  return (
    <p
      className="box-errors"
      role="note"
      aria-label={`errors of ${box}`}
      title={errors.map((e) => e.message).join('\n')}
    >
      {errors[0].message}
      {more}
    </p>
  );
}
