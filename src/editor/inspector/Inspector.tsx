/** The inspector shows what is selected: one box, one group, one wire, or a summary of the diagram. */
import { useEditor } from '../store/EditorStoreContext';
import { useCompiled } from '../store/hooks';
import { BoxInspector } from './BoxInspector';
import { ErrorList } from './ErrorList';
import { GroupInspector } from './GroupInspector';
import { WireInspector } from './WireInspector';

export function Inspector() {
  const box = useEditor((s) =>
    s.selectedNodes.length === 1 ? s.doc.boxes.find((b) => b.id === s.selectedNodes[0]) : undefined,
  );
  const group = useEditor((s) =>
    s.selectedNodes.length === 1 ? s.doc.groups.find((g) => g.id === s.selectedNodes[0]) : undefined,
  );
  const wire = useEditor((s) =>
    s.selectedWires.length === 1 && s.selectedNodes.length === 0
      ? s.doc.wires.find((w) => w.id === s.selectedWires[0])
      : undefined,
  );
  const count = useEditor((s) => s.selectedNodes.length + s.selectedWires.length);
  const compiled = useCompiled();
  if (box) return <BoxInspector box={box} />;
  if (group) return <GroupInspector group={group} />;
  if (wire) return <WireInspector wire={wire} />;
  return (
    <section className="inspector-section" aria-label="Diagram">
      <p className="muted">{count > 1 ? `${count} items selected.` : 'Select a box or a wire to inspect it.'}</p>
      {compiled && compiled.errors.length > 0 && <h4 className="error-heading">Errors in the diagram</h4>}
      <ErrorList errors={compiled?.errors ?? []} />
    </section>
  );
}
