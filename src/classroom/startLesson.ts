/**
 * Opening a lesson: its diagram replaces the one on the canvas (one undo step, as opening an
 * example), nothing selected, the plain view, and the panel at its first step.
 */
import type { EditorStore } from '../editor/store/createEditorStore';
import type { ReadyLesson } from '../io/lesson';
import type { LessonStore } from './lessonStore';

/**
 * `shown`: the training session shown once the lesson's document is open — the steps it has seen
 * taken (a task counts from there) and its document's key (the lesson shows while it is open).
 */
export function startLesson(
  editor: EditorStore,
  lessons: LessonStore,
  ready: ReadyLesson,
  shown: () => { readonly taken: number; readonly key?: string },
): void {
  const s = editor.getState();
  s.setView({ discardPrompt: false, overlay: null, lensView: false });
  s.leaveTo(undefined);
  s.clearSelection();
  // A copy: each start is a document of its own, whatever the last one did with the lesson's.
  s.setDocument(structuredClone(ready.doc), true, 'lesson');
  const { taken, key } = shown();
  lessons.getState().begin(ready, taken, key);
}
