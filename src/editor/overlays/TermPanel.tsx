/**
 * The composite term of the diagram, updated on every compile: `(linear[2→4] ⊗ id) ; tanh ; …`,
 * each group by its name, with the operators of the category set apart so the structure reads at a glance.
 */
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { namedTerm } from '../model/paraGroup';
import { useCompiled, useDocument } from '../store/hooks';

const OPERATOR_CLASS: Readonly<Record<string, string>> = {
  ';': 'term-then',
  '⊗': 'term-tensor',
  '(': 'term-paren',
  ')': 'term-paren',
  '[': 'term-paren',
  ']': 'term-paren',
};

// The atoms are bare text and only the operators are elements: a 300-box term is ~1,000 parts,
// and half as many elements to make, lay out and paint when it changes. Keyed by place: an edit
// that changes one atom's text leaves the other parts' nodes as they were.
const TermText = memo(function TermText({ term }: { term: string }) {
  const parts = term.split(/(\s*;\s*|\s*⊗\s*|[()[\]])/).filter((p) => p !== '');
  return (
    <code className="term">
      {parts.map((text, i) => {
        const cls = OPERATOR_CLASS[text.trim()];
        return cls ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts have no identity but their place
          <span key={i} className={cls}>
            {text}
          </span>
        ) : (
          text
        );
      })}
    </code>
  );
});

/**
 * The last term that composed. While the diagram does not compose it stays laid out, unseen
 * (`visibility: hidden`: out of the accessibility tree, not painted), under the message: the panel
 * keeps its height, so the canvas above does not shrink and grow as an edit breaks and fixes a
 * big diagram, and a fix that gives the same term back shows it without building it again
 * (docs/architecture.md, "An edit on a big canvas").
 */
function useLastTerm(term: string | undefined): string | undefined {
  const [last, setLast] = useState(term);
  if (term !== undefined && term !== last) setLast(term);
  return term ?? last;
}

export function TermPanel() {
  const compiled = useCompiled();
  const doc = useDocument();
  // each group by its name, as the paper writes a layer (editor/model/paraGroup.ts)
  const term = useMemo(() => (compiled?.model ? namedTerm(compiled.model, doc) : undefined), [compiled, doc]);
  const shown = useLastTerm(term);
  const errors = compiled?.errors.length ?? 0;
  const ref = useRef<HTMLElement>(null);
  // The message is drawn at the top: a term scrolled down would hide it.
  useEffect(() => {
    if (term === undefined && ref.current) ref.current.scrollTop = 0;
  }, [term]);
  return (
    <section ref={ref} className={`term-panel${term === undefined ? ' term-stale' : ''}`} aria-label="Composite term">
      <span className="term-heading">Term</span>
      <div className="term-body">
        {shown !== undefined && <TermText term={shown} />}
        {term === undefined && (
          <span className="muted term-message">
            {errors > 0 ? `${errors} error${errors === 1 ? '' : 's'} to fix before the diagram composes` : 'compiling…'}
          </span>
        )}
      </div>
    </section>
  );
}
