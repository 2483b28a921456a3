/** A file's text, already read, through the checked door at once (tests and tools; the page reads picked files with openFiles.ts). */
import { openFile } from '../../model/openFile';
import type { EditorStore } from '../store/createEditorStore';
import { openChecked } from './openFiles';

/** Refused with its problems, opened, or asked about first. */
export function openText(store: EditorStore, file: string, text: string): void {
  openChecked(store, file, openFile(text));
}
