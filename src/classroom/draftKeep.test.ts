/**
 * The lesson being written outlives a reload (docs/lessons.md, "Writing a lesson"): every change
 * is kept, the next page's editor takes it back, and a kept text that does not hold is not read.
 */
import { describe, expect, it } from 'vitest';
import { DRAFT_KEY, keepDraft, readDraft } from './draftKeep';
import { addStep, emptyDraft, pointAt, setWait, updateStep } from './lessonDraft';
import { createLessonStore } from './lessonStore';

class Storage {
  readonly items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

/** A draft a teacher made: a title, two steps, one pointing at a box and waiting for a training step. */
function written() {
  let d = { ...emptyDraft(), title: 'Bias moves the line', summary: 'Watch b change.' };
  d = pointAt(d, { kind: 'box', id: 'bias1', name: 'The bias box' });
  d = updateStep(d, 0, { text: 'This box adds b.' });
  d = addStep(d, { title: 'Train', text: 'Press Step.' });
  return setWait(d, 1, { kind: 'train', steps: 1 });
}

describe('the lesson draft kept over a reload', () => {
  it('keeps each change and gives it back to the next page whole', () => {
    const storage = new Storage();
    const page = createLessonStore();
    keepDraft(page, storage);
    page.getState().setDraft(written());
    const next = createLessonStore();
    keepDraft(next, storage);
    expect(next.getState().draft).toEqual(written());
  });

  it('never writes over a draft the page already has, and an emptied draft keeps nothing', () => {
    const storage = new Storage();
    storage.setItem(DRAFT_KEY, JSON.stringify(written()));
    const page = createLessonStore();
    const own = { ...emptyDraft(), title: 'Mine' };
    page.getState().setDraft(own);
    keepDraft(page, storage);
    expect(page.getState().draft).toBe(own);
    page.getState().setDraft(emptyDraft());
    expect(storage.items.has(DRAFT_KEY)).toBe(false);
  });

  it('reads back nothing that does not hold', () => {
    const good = written();
    const bad = [
      '{"title":',
      JSON.stringify({ ...good, steps: 'none' }),
      JSON.stringify({ ...good, current: 5 }),
      JSON.stringify({ ...good, nextKey: 1 }),
      JSON.stringify({ ...good, steps: [good.steps[0], good.steps[0]] }),
      JSON.stringify({ ...good, steps: [{ ...good.steps[1], wait: { kind: 'train', steps: 0 } }] }),
      JSON.stringify({ ...good, steps: [{ ...good.steps[0], highlight: { boxes: [7] } }] }),
      `{"title":"t","summary":"","steps":[],"current":-1,"nextKey":1,"__proto__":{"polluted":true}}`,
    ];
    expect(readDraft(JSON.stringify(good))).toEqual(good);
    for (const text of bad) expect(readDraft(text), text).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
