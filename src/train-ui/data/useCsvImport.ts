/**
 * Importing a CSV, step by step: read a first look at the file (in the CSV worker), let the user
 * choose the columns' roles, import with those roles (in the worker), keep the rows in the app
 * (csvStore.ts) and bind the reference as one undoable edit. A refusal keeps the dialog open
 * with the error's row and column; nothing in the document changes until the import succeeds.
 */
import { useCallback, useState } from 'react';
import { importCsv, peekCsvFile } from '../../data/csvClient';
import { CsvError } from '../../data/csvError';
import type { CsvPeek } from '../../data/csvPeek';
import type { Dataset } from '../../data/dataset';
import type { EditorStore } from '../../editor/store/createEditorStore';
import type { TrainingSettings } from '../../io/document';
import { type CsvRoles, csvBindingOf, csvImportOptions, guessRoles, rolesProblem } from './csvRoles';
import { keepCsv } from './csvStore';

export interface CsvProblem {
  readonly row?: number;
  readonly column?: string;
  readonly reason: string;
}

export type CsvStage =
  | { readonly stage: 'idle'; readonly problem?: { readonly file: string } & CsvProblem }
  | { readonly stage: 'reading'; readonly file: string }
  | {
      readonly stage: 'roles';
      readonly file: string;
      readonly blob: Blob;
      readonly peek: CsvPeek;
      readonly roles: CsvRoles;
      readonly busy: boolean;
      readonly problem?: CsvProblem;
    };

const problemOf = (e: unknown): CsvProblem =>
  e instanceof CsvError
    ? { row: e.row, column: e.column, reason: e.reason }
    : { reason: e instanceof Error ? e.message : String(e) };

/**
 * The test fraction of a file with its own split: its test rows over all rows (0 when every row
 * trains), in the same edit as the binding; undefined for a file without one.
 */
export function splitTraining(dataset: Dataset): Partial<TrainingSettings> | undefined {
  if (dataset.heldOut === undefined) return undefined;
  return { testFraction: dataset.heldOut / dataset.n };
}

/** `onKept` runs once the rows are kept, even when the binding did not change (the same file again). */
export function useCsvImport(store: EditorStore, onKept: () => void = () => undefined) {
  const [state, setState] = useState<CsvStage>({ stage: 'idle' });

  const choose = useCallback(async (file: File) => {
    setState({ stage: 'reading', file: file.name });
    try {
      const peek = await peekCsvFile(file);
      setState({ stage: 'roles', file: file.name, blob: file, peek, roles: guessRoles(peek), busy: false });
    } catch (e) {
      setState({ stage: 'idle', problem: { file: file.name, ...problemOf(e) } });
    }
  }, []);

  const setRoles = (roles: CsvRoles) =>
    setState((s) => (s.stage === 'roles' ? { ...s, roles, problem: undefined } : s));

  const confirm = async () => {
    if (state.stage !== 'roles' || state.busy) return;
    const { file, blob, peek, roles } = state;
    const blocked = rolesProblem(roles.roles);
    if (blocked) return setState({ ...state, problem: { reason: blocked } });
    setState({ ...state, busy: true, problem: undefined });
    try {
      const { dataset } = await importCsv(blob, csvImportOptions(file, peek.header, roles));
      const binding = csvBindingOf(file, peek, roles, dataset);
      await keepCsv(binding.key, dataset);
      // a file's own split (csvSplit.ts) takes effect with any test fraction above 0: its own
      store.getState().setDataset({ id: 'csv', options: { ...binding } }, splitTraining(dataset));
      setState({ stage: 'idle' });
      onKept();
    } catch (e) {
      setState({ ...state, busy: false, problem: problemOf(e) });
    }
  };

  const cancel = () => setState({ stage: 'idle' });
  return { state, choose, setRoles, confirm, cancel };
}
