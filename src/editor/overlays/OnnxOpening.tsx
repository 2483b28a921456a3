/**
 * The status bar's word on an ONNX file being opened (persist/openFiles.ts): its name, the stage
 * its worker is at and how far the whole import has come, with Cancel, which terminates the
 * worker and changes nothing.
 */
import type { ImportStage } from '../../export/onnx/import/importOnnx';
import { cancelOnnxOpening } from '../persist/openFiles';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';

const STAGE_WORDS: Readonly<Record<ImportStage, string>> = {
  reading: 'reading the file',
  drawing: 'drawing its nodes',
  grouping: 'grouping the boxes',
  checking: 'checking the diagram',
  writing: 'keeping its weights',
};

export function OnnxOpening() {
  const opening = useEditor((s) => s.onnxOpening);
  const store = useEditorStoreApi();
  if (!opening) return null;
  const { file, stage, percent } = opening;
  return (
    <span className="onnx-opening" role="status" aria-label="Opening a file">
      <span>
        Opening {file} — {percent}% ({STAGE_WORDS[stage]})
      </span>
      <progress max={100} value={percent} aria-label={`Opening ${file}`} />
      <button type="button" onClick={() => cancelOnnxOpening(store)}>
        Cancel
      </button>
    </span>
  );
}
