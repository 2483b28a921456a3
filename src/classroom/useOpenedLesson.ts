/**
 * A lesson that came through the file door (Open…, a drop, the Lessons dialog's file entry) or
 * a share link: the editor opened its diagram and left the lesson in `openedLesson`; here it
 * starts at its first step, counting training steps from the session of its own document.
 */
import { useEffect } from 'react';
import type { EditorStore } from '../editor/store/createEditorStore';
import type { SessionShelf } from '../train-ui/session/sessionShelf';
import type { LessonStore } from './lessonStore';

export function watchOpenedLessons(editor: EditorStore, lessons: LessonStore, shelf: SessionShelf): () => void {
  const start = () => {
    const opened = editor.getState().openedLesson;
    if (!opened) return;
    editor.getState().setView({ openedLesson: null });
    lessons.getState().begin({ lesson: opened.lesson, doc: opened.doc }, shelf.session.state.taken, shelf.key);
  };
  start();
  return editor.subscribe((s, prev) => {
    if (s.openedLesson && s.openedLesson !== prev.openedLesson) start();
  });
}

export function useOpenedLessons(editor: EditorStore, lessons: LessonStore, shelf: SessionShelf): void {
  useEffect(() => watchOpenedLessons(editor, lessons, shelf), [editor, lessons, shelf]);
}
