/** The selected group as the Para box it is: its type, the parameters it holds, R of it as a term. */
import { useMemo } from 'react';
import type { GroupDoc } from '../../io/document';
import { paraGroup } from '../model/paraGroup';
import { useCompiled, useDocument } from '../store/hooks';

export function GroupInspector({ group }: { group: GroupDoc }) {
  const doc = useDocument();
  const compiled = useCompiled();
  const p = useMemo(() => paraGroup(doc, compiled, group.id), [doc, compiled, group.id]);
  if (!p) return null;
  return (
    <section className="inspector-section" aria-label={`Group ${group.id}`}>
      <h3 className="inspector-title" title={p.name}>
        {p.name} <span className="muted">(Para box)</span>
      </h3>
      <p className="muted">A sub-diagram with its own parameters, used as one box; double-click it to enter.</p>
      <h4>Type</h4>
      <p className="para-signature">{p.signature}</p>
      <h4>Parameters</h4>
      {p.params.length === 0 ? (
        <p className="muted">none: it learns nothing of its own</p>
      ) : (
        <ul className="para-params-list">
          {p.params.map((x) => (
            <li key={x.name}>
              {x.name} <span className="muted">: {x.type}</span>
            </li>
          ))}
        </ul>
      )}
      <h4>Inside</h4>
      <p className="reverse-text">{p.term}</p>
      <h4>Reverse derivative</h4>
      <p className="reverse-text">{p.reverse}</p>
      <p className="muted">the change comes back through each box inside, in reverse order (the chain rule)</p>
    </section>
  );
}
