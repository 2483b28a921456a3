/** The compiler's errors about one box, in red under it, each with its message. */
import { useBoxErrors } from '../../store/hooks';

export function BoxErrors({ box }: { box: string }) {
  const errors = useBoxErrors(box);
  if (errors.length === 0) return null;
  return (
    <ul className="box-errors" role="note" aria-label={`errors of ${box}`}>
      {errors.map((e) => (
        <li key={`${e.code}:${e.port ?? ''}:${e.message}`} title={e.message}>
          {e.message}
        </li>
      ))}
    </ul>
  );
}
