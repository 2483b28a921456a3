/**
 * The status bar's word while a big diagram is compiled off the main thread
 * (compile/compileOffThread.ts): its boxes are drawn, their types and errors follow.
 */
import { useEditor } from '../store/EditorStoreContext';

export function CompilingStatus() {
  const compiling = useEditor((s) => s.compiling);
  if (!compiling) return null;
  return (
    <span className="onnx-opening" role="status" aria-label="Checking the diagram">
      <span>Checking the diagram's types…</span>
      <progress aria-label="Checking the diagram" />
    </span>
  );
}
