/**
 * The class's pool for the teacher's diagram's own dataset (docs/class.md#pool-the-classs-data),
 * through the real room code against a real class server on 127.0.0.1: the teacher's page
 * (teacherSide.ts, teacherPool.ts) writes the shape of an Iris diagram's dataset into the class's
 * room, the student's page (studentSide.ts) reads it, and the pool checks the student's points
 * against it. Beside the server, as liveSides.test.ts, because the live floor may not import it;
 * the server and the stubbed browser come from src/testing/liveServer.ts.
 */
import { describe, expect, it } from 'vitest';
import { createLessonStore } from '../classroom/lessonStore';
import { createEditorStore } from '../editor/store/createEditorStore';
import { loadExample } from '../io/examples';
import { makeClass, newSecret } from '../live/connection';
import { live, type Membership } from '../live/liveStore';
import { PLANE } from '../live/poolShape';
import { runStudent } from '../live/studentSide';
import { runTeacher } from '../live/teacherSide';
import { until } from '../testing/classClient';
import { fakeShelf, liveServerForFile } from '../testing/liveServer';

liveServerForFile();

describe('the class’s pool for the teacher’s diagram’s dataset', () => {
  it('pools an Iris diagram’s points: the shape reaches the student, bad points are refused by name, the pool trains Iris’s shape', async () => {
    const made = await makeClass();
    if ('error' in made) throw new Error(made.error);
    const t: Membership = { role: 'teacher', code: made.code, key: made.key };
    const s: Membership = { role: 'student', code: made.code, secret: newSecret(), name: 'Ada' };
    const tEditor = createEditorStore({ doc: loadExample('iris-simple') });
    const sEditor = createEditorStore();
    let stopTeacher = runTeacher(t, tEditor, createLessonStore());
    const stopStudent = runStudent(s, sEditor, fakeShelf('idle').shelf, createLessonStore());
    try {
      // The student's page reads Iris's shape from the class's room.
      // The board is anonymised: the teacher's notes name Ada as Student 1.
      await until(() => live.getState().poolShape.features.length === 4 && live.getState().editPoints !== null);
      const shape = live.getState().poolShape;
      expect(shape.features).toEqual(['sepal length', 'sepal width', 'petal length', 'petal width']);
      expect(shape.classes).toHaveLength(3);
      for (const p of [
        [5.1, 3.5, 1.4, 0.2, 0],
        [6.0, 2.9, 4.5, 1.5, 1],
        [6.5, 3.0, 5.5, 2.0, 2],
        [6.5, 30, 5.5, 2.0, 2],
        [6.5, 3.0, 5.5, 2.0],
      ])
        live.getState().editPoints?.({ add: p });
      await until(() => live.getState().myPoints.length === 5 && live.getState().rows.length === 1);
      await until(() => {
        live.getState().poolClass?.();
        return live.getState().poolNote?.text.startsWith('Pooled 3') ?? false;
      });
      expect(live.getState().poolNote?.problems).toEqual([
        `Student 1’s point 4 has sepal width = 30, not a number in ${shape.min[1]}…${shape.max[1]}`,
        'Student 1’s point 5 is not [sepal length, sepal width, petal length, petal width, class]',
      ]);
      expect(tEditor.getState().doc.dataset).toMatchObject({
        id: 'csv',
        options: { rows: 3, features: shape.features, classes: shape.classes },
      });
      await until(() => sEditor.getState().doc.dataset?.id === 'csv');

      // A teacher who reloads, the diagram bound to the pool, pools again in the same shape.
      stopTeacher();
      live.setState({ poolShape: PLANE });
      stopTeacher = runTeacher(t, tEditor, createLessonStore());
      await until(() => live.getState().poolShape.features.length === 4 && live.getState().rows.length === 1);
      await until(() => {
        live.getState().poolClass?.();
        return live.getState().poolNote?.text.startsWith('Pooled 3') ?? false;
      });
    } finally {
      stopStudent();
      stopTeacher();
    }
  });

  it('says in the panel why a diagram whose dataset is not a small flat classifier cannot be pooled', async () => {
    const made = await makeClass();
    if ('error' in made) throw new Error(made.error);
    const tEditor = createEditorStore({ doc: loadExample('mnist-mlp') });
    const stopTeacher = runTeacher({ role: 'teacher', code: made.code, key: made.key }, tEditor, createLessonStore());
    try {
      await until(() => live.getState().poolRefused !== null);
      expect(live.getState().poolRefused).toContain('at most 16 features');
      live.getState().poolClass?.();
      expect(live.getState().poolNote?.text).toContain('Nothing pooled. The class’s points cannot be pooled');
    } finally {
      stopTeacher();
    }
  });
});
