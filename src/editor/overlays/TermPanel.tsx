/**
 * The composite term of the diagram, updated on every compile: `(linear[2→4] ⊗ id) ; tanh ; …`,
 * each group by its name, with the operators of the category set apart so the structure reads at a glance.
 */
import { memo, useMemo } from 'react';
import { namedTerm } from '../model/paraGroup';
import { useCompiled, useDocument } from '../store/hooks';

const TermText = memo(function TermText({ term }: { term: string }) {
  let at = 0;
  const parts = term
    .split(/(\s*;\s*|\s*⊗\s*|[()[\]])/)
    .filter((p) => p !== '')
    .map((text) => {
      at += text.length;
      return { text, at };
    });
  return (
    <code className="term">
      {parts.map(({ text, at }) => {
        const t = text.trim();
        const cls =
          t === ';' ? 'term-then' : t === '⊗' ? 'term-tensor' : /^[()[\]]$/.test(t) ? 'term-paren' : 'term-atom';
        return (
          <span key={at} className={cls}>
            {text}
          </span>
        );
      })}
    </code>
  );
});

export function TermPanel() {
  const compiled = useCompiled();
  const doc = useDocument();
  // each group by its name, as the paper writes a layer (editor/model/paraGroup.ts)
  const term = useMemo(() => (compiled?.model ? namedTerm(compiled.model, doc) : undefined), [compiled, doc]);
  const errors = compiled?.errors.length ?? 0;
  return (
    <section className="term-panel" aria-label="Composite term">
      <span className="term-heading">Term</span>
      {term ? (
        <TermText term={term} />
      ) : (
        <span className="muted">
          {errors > 0 ? `${errors} error${errors === 1 ? '' : 's'} to fix before the diagram composes` : 'compiling…'}
        </span>
      )}
    </section>
  );
}
