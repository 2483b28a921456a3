import type { CompileError } from '../../compile/types';

/** Compiler errors, each with its message (and the port it names). */
export function ErrorList({ errors }: { errors: readonly CompileError[] }) {
  if (errors.length === 0) return null;
  return (
    <ul className="error-list">
      {errors.map((e) => (
        <li key={`${e.code}:${e.box ?? ''}:${e.port ?? ''}:${e.wire ?? ''}:${e.message}`}>
          {e.port && <strong>{e.port}: </strong>}
          {e.message}
        </li>
      ))}
    </ul>
  );
}
