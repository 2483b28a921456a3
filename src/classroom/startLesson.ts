/**
 * Opening a lesson: its diagram replaces the one on the canvas (one undo step, as opening an
 * example), nothing selected, the plain view, and the panel at its first step.
 */
import type { EditorStore } from '../editor/store/createEditorStore';
import type { LessonStore } from './lessonStore';
import type { ReadyLesson } from './parseLesson';

/** `taken`: the steps the training session shown has seen taken, read once the lesson's document is open. */
export function startLesson(editor: EditorStore, lessons: LessonStore, ready: ReadyLesson, taken: () => number): void {
  const s = editor.getState();
  s.setView({ discardPrompt: false, overlay: null, lensView: false });
  s.leaveTo(undefined);
  s.clearSelection();
  // A copy: each start is a document of its own, whatever the last one did with the lesson's.
  s.setDocument(structuredClone(ready.doc), true, 'lesson');
  lessons.getState().begin(ready, taken());
}
