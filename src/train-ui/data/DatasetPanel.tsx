/**
 * The Data panel: pick a dataset from the catalog or upload a CSV, set its options and the test
 * split (each one undoable edit of the document), and see a preview of the rows. Self-contained:
 * the shell mounts it; it reads and edits the document through the editor store.
 */
import './data.css';
import './optionField.css';
import { type DragEvent, useEffect, useState } from 'react';
import { catalog } from '../../data/catalog';
import { CSV_DATASET_ID, readCsvBinding } from '../../data/csvBinding';
import { useEditor, useEditorStoreApi } from '../../editor/store/EditorStoreContext';
import { CsvDialog } from './CsvDialog';
import { CsvProblemText } from './CsvProblemText';
import { CsvUpload } from './CsvUpload';
import { DataDownload } from './DataDownload';
import { DataFit, DatasetOptionFields, TestSplitField } from './DataFields';
import { DatasetSelect } from './DatasetSelect';
import { PreviewSection } from './PreviewSection';
import { PreviewClient } from './previewClient';
import { useCsvImport } from './useCsvImport';
import { usePreview } from './usePreview';

const hasFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');

function describeCsv(options: Readonly<Record<string, unknown>>): string {
  try {
    const csv = readCsvBinding(options);
    const label = csv.classes ? `${csv.classes.length} classes` : 'a number';
    return `Your file: ${csv.rows} rows; features ${csv.features.join(', ')}; label “${csv.label}” (${label}).`;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

export function DatasetPanel() {
  const store = useEditorStoreApi();
  const binding = useEditor((s) => s.doc.dataset);
  const [client] = useState(() => new PreviewClient());
  useEffect(() => () => client.dispose(), [client]);
  const [refresh, setRefresh] = useState(0);
  const preview = usePreview(binding, client, refresh);
  const csv = useCsvImport(store, () => setRefresh((r) => r + 1));
  const [over, setOver] = useState(false);
  const entry = binding && catalog.get(binding.id);
  const description = binding?.id === CSV_DATASET_ID ? describeCsv(binding.options) : entry?.description;
  return (
    <aside
      className="data-panel"
      aria-label="Data"
      data-drop={over || undefined}
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setOver(false);
        const file = e.dataTransfer.files[0];
        if (file) void csv.choose(file);
      }}
    >
      <h2>Data</h2>
      <DatasetSelect
        binding={binding}
        onChoose={(id) => id && id !== binding?.id && store.getState().setDataset({ id, options: {} })}
      />
      {description && <p className="data-description">{description}</p>}
      <DataFit />
      <PreviewSection state={preview} />
      {binding && <DatasetOptionFields binding={binding} />}
      {binding && <TestSplitField />}
      <DataDownload />
      <CsvUpload onFile={(f) => void csv.choose(f)} reading={csv.state.stage === 'reading' ? csv.state.file : null} />
      {csv.state.stage === 'idle' && csv.state.problem && (
        <CsvProblemText problem={csv.state.problem} file={csv.state.problem.file} />
      )}
      {csv.state.stage === 'roles' && (
        <CsvDialog
          state={csv.state}
          onRoles={csv.setRoles}
          onConfirm={() => void csv.confirm()}
          onCancel={csv.cancel}
        />
      )}
    </aside>
  );
}
