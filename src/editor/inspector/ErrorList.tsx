import type { CompileError } from '../../compile/types';
import { messageIn } from '../../learn/explain/plainWords';
import { useNotation } from '../notation/useNotation';

/** Compiler errors, each with its message (and the port it names), types in the notation chosen. */
export function ErrorList({ errors }: { errors: readonly CompileError[] }) {
  const notation = useNotation();
  if (errors.length === 0) return null;
  return (
    <ul className="error-list">
      {errors.map((e) => (
        <li key={`${e.code}:${e.box ?? ''}:${e.port ?? ''}:${e.wire ?? ''}:${e.message}`}>
          {e.port && <strong>{e.port}: </strong>}
          {messageIn(notation, e.message)}
        </li>
      ))}
    </ul>
  );
}
