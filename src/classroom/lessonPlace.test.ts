/**
 * A lesson outlives a reload (docs/lessons.md, "A reload keeps your place"): the place written
 * as the page is left is resumed on the same diagram by the next page, through the checked door,
 * and on nothing else. Two pages are two editor stores, two sessions and two lesson stores over
 * one tab storage, as a reload is.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { digest } from '../data/digest';
import { createEditorStore, type EditorStore } from '../editor/store/createEditorStore';
import type { PortRef } from '../io/document';
import { loadExample } from '../io/examples';
import { TrainerClient } from '../learn/trainerClient';
import { inMemoryWorker } from '../testing/inMemoryWorker';
import { type DocumentSessions, documentSessions } from '../train-ui/session/documentSessions';
import { requestFrom } from '../train-ui/session/TrainingProvider';
import { trainedShape } from '../train-ui/session/trainedShape';
import { TrainSession } from '../train-ui/session/trainSession';
import { keepLessonPlace } from './lessonPlace';
import { PLACE_KEY } from './lessonPlaceRecord';
import { readPlace, resumeLessonPlace } from './lessonResume';
import { createLessonStore, type LessonStore } from './lessonStore';
import { shippedLessons } from './lessons';
import { startLesson } from './startLesson';

class TabStorage {
  readonly items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

interface Page {
  editor: EditorStore;
  sessions: DocumentSessions;
  lessons: LessonStore;
  leave: () => void;
}

const pages: Page[] = [];
afterEach(() => {
  for (const p of pages.splice(0)) p.sessions.dispose();
});

/** A page whose editor holds `doc` (as the autosave restores it), its place written on `leave`. */
function openPage(storage: TabStorage, doc = loadExample('xor')): Page {
  const editor = createEditorStore();
  editor.getState().setDocument(structuredClone(doc), true, 'restore');
  const sessions = documentSessions(
    editor,
    () =>
      new TrainSession(
        () => new TrainerClient(inMemoryWorker()),
        () => requestFrom(editor, 'typed'),
        'typed',
      ),
  );
  sessions.connect();
  const lessons = createLessonStore();
  const listeners = new Set<() => void>();
  const leaving = {
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
  } as unknown as Window;
  keepLessonPlace({ lessons, editor, shelf: sessions.shelf, storage }, leaving);
  const leave = () => {
    for (const f of listeners) f();
  };
  const page = { editor, sessions, lessons, leave };
  pages.push(page);
  return page;
}

const parts = (p: Page, storage: TabStorage) => ({
  lessons: p.lessons,
  editor: p.editor,
  shelf: p.sessions.shelf,
  storage,
});

function inLesson(p: Page, n: number, step: number) {
  const ready = shippedLessons()[n];
  const shelf = p.sessions.shelf;
  startLesson(p.editor, p.lessons, ready, () => ({ taken: shelf.session.state.taken, key: shelf.key }));
  p.lessons.getState().markDone(0);
  p.lessons.getState().go(step, 0);
  return ready;
}

describe('a lesson kept over a reload', () => {
  it('resumes at the same step with the same steps done, on the diagram the lesson was on', () => {
    const tab = new TabStorage();
    const first = openPage(tab);
    const ready = inLesson(first, 0, 2);
    // the user draws the wire the lesson left out and moves a box: the edited diagram is the lesson's
    const start = ready.lesson.start as { example: string; withoutWires: string[] };
    const drawn = loadExample(start.example).wires.find((w) => w.id === start.withoutWires[0]);
    expect(drawn).toBeDefined();
    const e = first.editor.getState();
    expect(e.connect(drawn?.from as PortRef, drawn?.to as PortRef).ok).toBe(true);
    e.moveNodes(new Map([[e.doc.boxes[0].id, { x: 1, y: 2 }]]));
    expect(first.lessons.getState().documentKey).toBe(first.sessions.shelf.key);
    first.leave();
    expect(tab.items.has(PLACE_KEY)).toBe(true);

    const second = openPage(tab, first.editor.getState().doc);
    expect(resumeLessonPlace(parts(second, tab))).toBe(true);
    const s = second.lessons.getState();
    expect(s.active?.lesson.id).toBe(ready.lesson.id);
    expect([s.index, s.done, s.documentKey]).toEqual([2, [0], second.sessions.shelf.key]);
    // taken once: a second reload of a page that closed the lesson finds nothing
    expect(tab.items.has(PLACE_KEY)).toBe(false);
  });

  it('does not resume on another diagram, and a page left on another document keeps nothing', () => {
    const tab = new TabStorage();
    const first = openPage(tab);
    inLesson(first, 0, 1);
    first.leave();
    const other = openPage(tab, loadExample('iris-simple'));
    expect(resumeLessonPlace(parts(other, tab))).toBe(false);
    expect(other.lessons.getState().active).toBeNull();

    const third = openPage(tab);
    inLesson(third, 0, 1);
    third.editor.getState().setDocument(loadExample('spirals'), true, 'example');
    third.leave();
    expect(tab.items.has(PLACE_KEY)).toBe(false);
  });

  it('resumes a place kept of a grouped drawing under the hash it had before groups were drawn through', () => {
    const tab = new TabStorage();
    const first = openPage(tab);
    inLesson(first, 0, 1);
    const e = first.editor.getState();
    e.select(['lin1', 'W1', 'bias1', 'b1', 'tanh1']);
    expect(first.editor.getState().groupSelection('group 1')).not.toBeNull();
    first.leave();
    const grouped = first.editor.getState().doc;
    // as an older page kept it: the hash then saw the wires through the group's ports
    const kept = JSON.parse(tab.items.get(PLACE_KEY) ?? '{}');
    const old = digest(trainedShape(grouped));
    expect(old).not.toBe(kept.doc);
    tab.setItem(PLACE_KEY, JSON.stringify({ ...kept, doc: old }));

    const second = openPage(tab, grouped);
    expect(resumeLessonPlace(parts(second, tab))).toBe(true);
    expect(second.lessons.getState().index).toBe(1);
  });

  it('reads back nothing that does not hold: bad JSON, another version, a lesson the door refuses, steps out of range, prototype keys', () => {
    const tab = new TabStorage();
    const first = openPage(tab);
    inLesson(first, 1, 3);
    first.leave();
    const good = JSON.parse(tab.items.get(PLACE_KEY) as string);
    expect(readPlace(JSON.stringify(good))?.index).toBe(3);
    const bad = [
      '{"v":1,',
      JSON.stringify({ ...good, v: 2 }),
      JSON.stringify({ ...good, index: 99 }),
      JSON.stringify({ ...good, index: 1.5 }),
      JSON.stringify({ ...good, done: [-1] }),
      JSON.stringify({ ...good, doc: 7 }),
      JSON.stringify({ ...good, lesson: { ...good.lesson, steps: [] } }),
      JSON.stringify({ ...good, lesson: { ...good.lesson, start: { example: 'no-such-example' } } }),
      `{"v":1,"doc":"x","index":0,"done":[],"lesson":{"__proto__":{"polluted":true}}}`,
    ];
    for (const text of bad) expect(readPlace(text), text).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
