/**
 * The composite term of the diagram, updated on every compile: `(linear[2→4] ⊗ id) ; tanh ; …`,
 * each group by its name, with the operators of the category set apart so the structure reads at a glance.
 */
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { namedTerm } from '../model/paraGroup';
import { useEditor } from '../store/EditorStoreContext';
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
 * The panel's height while it last showed a term of the document open now. While the diagram
 * does not compose, the panel keeps it: the canvas above does not shrink and grow as an edit
 * breaks and fixes a big diagram's term (docs/architecture.md, "An edit on a big canvas"). A
 * document opened since (`opened` counts them) starts with the panel at its own height: the
 * last document's term says nothing of this one's.
 */
function useTermHeight(shown: boolean, opened: number) {
  const ref = useRef<HTMLElement>(null);
  const now = useRef({ shown, opened });
  now.current = { shown, opened };
  const [kept, setKept] = useState<{ opened: number; px: number } | undefined>(undefined);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const px = entry.borderBoxSize[0]?.blockSize;
      if (now.current.shown && px !== undefined) setKept({ opened: now.current.opened, px });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, height: kept?.opened === opened ? kept.px : undefined };
}

export function TermPanel() {
  const compiled = useCompiled();
  const doc = useDocument();
  // each group by its name, as the paper writes a layer (editor/model/paraGroup.ts)
  const term = useMemo(() => (compiled?.model ? namedTerm(compiled.model, doc) : undefined), [compiled, doc]);
  const errors = compiled?.errors.length ?? 0;
  const opened = useEditor((s) => s.opened);
  const { ref, height } = useTermHeight(term !== undefined, opened);
  return (
    <section
      ref={ref}
      className="term-panel"
      aria-label="Composite term"
      style={term === undefined && height !== undefined ? { minHeight: height } : undefined}
    >
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
