/**
 * Pasted fragments go through the same checks as a file: what paste lets into the diagram is
 * what a saved document may hold, so autosave never stores a diagram the loader would refuse.
 */
import { describe, expect, it } from 'vitest';
import { pasteText } from '../commands/clipboard';
import { createEditorStore } from '../store/createEditorStore';
import { FRAGMENT_FORMAT, makeFragment, readFragment } from './fragment';
import { xorExample } from './xorExample';

const copied = () => makeFragment(xorExample(), ['lin1', 'W1']);
const text = (f: object) => JSON.stringify(f);
const errorsOf = (t: string) => {
  const r = readFragment(t);
  if (r.ok || r.foreign) throw new Error('not refused');
  return r.errors;
};

describe('a pasted fragment', () => {
  it('reads back what copy wrote', () => {
    const f = copied();
    expect(f.boxes.map((b) => b.id)).toEqual(['lin1', 'W1']);
    expect(readFragment(text(f))).toEqual({ ok: true, fragment: f });
  });

  it('tells foreign text apart from Lensboard boxes it refuses', () => {
    expect(readFragment('<b>hello</b>')).toEqual({ ok: false, foreign: true });
    expect(readFragment('{"format":"other"}')).toEqual({ ok: false, foreign: true });
    expect(readFragment('[1,2]')).toEqual({ ok: false, foreign: true });
  });

  it('refuses nesting deeper than a document may hold (20,000 levels), naming where', () => {
    const deep = `${'{"a":'.repeat(20000)}1${'}'.repeat(20000)}`;
    const t = text(copied()).replace('"config":{', `"config":{"deep":${deep},`);
    const [e] = errorsOf(t);
    expect(e.path).toMatch(/^boxes\[0\]\.config\.deep(\.a)+$/);
    expect(e.message).toMatch(/nested deeper than 64 levels/);
  });

  it('refuses __proto__ keys, duplicate ids, wires to boxes it does not hold, and absurd sizes', () => {
    const f = copied();
    expect(errorsOf(text(f).replace('"config":{', '"config":{"__proto__":{"x":1},'))[0].path).toBe(
      'boxes[0].config.__proto__',
    );
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    const twice = { ...f, boxes: [f.boxes[0], { ...f.boxes[1], id: f.boxes[0].id }] };
    expect(errorsOf(text(twice))[0]).toEqual({
      path: 'boxes[1].id',
      message: "duplicate id 'lin1' (also at boxes[0].id)",
    });
    const dangling = { ...f, wires: [{ id: 'w', from: { box: 'W1', port: 'W' }, to: { box: 'tanh1', port: 'x' } }] };
    expect(errorsOf(text(dangling))).toEqual([
      { path: 'wires[0].to.box', message: "'tanh1' is not a box of the copied boxes" },
    ]);
    expect(errorsOf(text({ ...f, boxes: [{ ...f.boxes[0], label: 'x'.repeat(201) }] }))[0].path).toBe('boxes[0].label');
    expect(errorsOf(`{"format":"${FRAGMENT_FORMAT}","pad":"${'x'.repeat(5_000_001)}"}`)[0].message).toMatch(
      /at most 5000000/,
    );
  });

  it('pastes nothing that is refused, and says why and where', () => {
    const store = createEditorStore({ doc: xorExample() });
    const before = store.getState().doc;
    const f = copied();
    pasteText(store, text({ ...f, boxes: [f.boxes[0], { ...f.boxes[1], id: 'lin1' }] }));
    expect(store.getState().doc).toBe(before);
    expect(store.getState().notice?.text).toBe(
      "The copied boxes were refused, so nothing was pasted: boxes[1].id: duplicate id 'lin1' (also at boxes[0].id).",
    );
    pasteText(store, text(f));
    expect(store.getState().doc.boxes.length).toBe(before.boxes.length + 2);
  });
});
