import { describe, expect, it } from 'vitest';
import { printType } from '../../core/wire';
import { pasteText } from '../commands/clipboard';
import { makeFragment, parseFragment } from '../model/fragment';
import { xorExample } from '../model/xorExample';
import { createEditorStore } from './createEditorStore';
import { NOTICE_LOG_SIZE } from './viewSlice';

function chain() {
  const store = createEditorStore();
  const s = () => store.getState();
  const x = s().addBox('input', { x: 0, y: 0 }, { shape: [4] });
  const lin = s().addBox('linear', { x: 200, y: 0 }, { in: 4, out: 3 });
  const sig = s().addBox('sigmoid', { x: 400, y: 0 });
  return { store, s, x, lin, sig };
}

describe('editor store', () => {
  it('adds boxes with fresh ids, selected, one undo step each', () => {
    const { store, s, x, lin } = chain();
    expect(s().doc.boxes.map((b) => b.id)).toEqual([x, lin, 'sigmoid1']);
    expect(s().selectedNodes).toEqual(['sigmoid1']);
    s().undo();
    expect(s().doc.boxes).toHaveLength(2);
    s().redo();
    expect(s().doc.boxes).toHaveLength(3);
    expect(store.temporal.getState().pastStates).toHaveLength(3);
  });

  it('connects typed ports and infers the wire type', () => {
    const { store, s, x, lin, sig } = chain();
    expect(s().connect({ box: x, port: 'x' }, { box: lin, port: 'x' })).toEqual({ ok: true });
    expect(s().connect({ box: lin, port: 'y' }, { box: sig, port: 'x' })).toEqual({ ok: true });
    const compiled = store.compile(s().doc);
    const w = s().doc.wires[1];
    expect(printType(compiled.wireTypes.get(w.id) ?? { field: 'real', shape: [], batch: true })).toBe('ℝ^3');
  });

  it('refuses an ill-typed connection with the reason in words', () => {
    const store = createEditorStore();
    const s = () => store.getState();
    const x = s().addBox('input', { x: 0, y: 0 }, { shape: [3] });
    const lin = s().addBox('linear', { x: 200, y: 0 }, { in: 4, out: 3 });
    const v = s().connect({ box: x, port: 'x' }, { box: lin, port: 'x' });
    expect(v.ok).toBe(false);
    expect(v.ok ? '' : v.reason).toContain('ℝ^3 cannot feed ℝ^4');
    expect(s().doc.wires).toHaveLength(0);
  });

  it('refuses a second wire into one input, but lets an output fan out', () => {
    const { s, x, lin, sig } = chain();
    const tanh = s().addBox('tanh', { x: 400, y: 100 });
    s().connect({ box: x, port: 'x' }, { box: lin, port: 'x' });
    s().connect({ box: lin, port: 'y' }, { box: sig, port: 'x' });
    expect(s().connect({ box: lin, port: 'y' }, { box: tanh, port: 'x' }).ok).toBe(true);
    const again = s().connect({ box: x, port: 'x' }, { box: lin, port: 'x' });
    expect(again.ok ? '' : again.reason).toMatch(/already has a wire/);
    const cycle = s().connect({ box: sig, port: 'y' }, { box: lin, port: 'W' });
    expect(cycle.ok).toBe(false);
  });

  // Catches the mutant that reverses the cycle check in connection.ts (`reaches(doc, from.box,
  // to.box)` for `reaches(doc, to.box, from.box)`): every wire here is well typed (ℝ^4 into add
  // and tanh), so only the cycle rule can refuse the back wire, and only it could wrongly refuse
  // the wire that closes a diamond, which is no cycle.
  it('refuses a well-typed wire that closes a cycle, and accepts one that closes a diamond', () => {
    const store = createEditorStore();
    const s = () => store.getState();
    const x = s().addBox('input', { x: 0, y: 0 }, { shape: [4] });
    const add = s().addBox('add', { x: 200, y: 0 });
    const tanh = s().addBox('tanh', { x: 400, y: 0 });
    expect(s().connect({ box: x, port: 'x' }, { box: add, port: 'a' })).toEqual({ ok: true });
    expect(s().connect({ box: add, port: 'y' }, { box: tanh, port: 'x' })).toEqual({ ok: true });
    const back = s().connect({ box: tanh, port: 'y' }, { box: add, port: 'b' });
    expect(back).toEqual({ ok: false, reason: 'this wire would close a cycle' });
    expect(s().doc.wires).toHaveLength(2);
    // x → tanh → join.a, then x → join.b: two paths from x to join, no way back.
    const join = s().addBox('add', { x: 600, y: 0 });
    expect(s().connect({ box: tanh, port: 'y' }, { box: join, port: 'a' })).toEqual({ ok: true });
    expect(s().connect({ box: x, port: 'x' }, { box: join, port: 'b' })).toEqual({ ok: true });
  });

  it('makes a whole drag one undo step and keeps at least 100 steps', () => {
    const { s, x } = chain();
    s().beginGesture();
    for (let i = 1; i <= 20; i++) s().moveNodes(new Map([[x, { x: i * 5, y: 0 }]]));
    s().endGesture();
    expect(s().doc.boxes[0].position).toEqual({ x: 100, y: 0 });
    s().undo();
    expect(s().doc.boxes[0].position).toEqual({ x: 0, y: 0 });
    for (let i = 0; i < 120; i++) s().addBox('tanh', { x: i, y: 0 });
    for (let i = 0; i < 120; i++) s().undo();
    expect(s().doc.boxes).toHaveLength(3);
  });

  it('refuses a config value out of range with the allowed range', () => {
    const { s, lin } = chain();
    const v = s().setConfig(lin, 'out', 0);
    expect(v.ok ? '' : v.reason).toMatch(/1 ≤ out ≤ 65536/);
    expect(s().setConfig(lin, 'out', 5).ok).toBe(true);
    expect(s().doc.boxes[1].config.out).toBe(5);
  });

  it('groups a selection as a Para box, enters it and leaves it', () => {
    const { store, s, x, lin, sig } = chain();
    s().connect({ box: x, port: 'x' }, { box: lin, port: 'x' });
    s().connect({ box: lin, port: 'y' }, { box: sig, port: 'x' });
    s().select([lin, sig]);
    const before = store.compile(s().doc);
    const g = s().groupSelection('layer');
    expect(g).not.toBeNull();
    const after = store.compile(s().doc);
    expect(after.errors.map((e) => e.code)).toEqual(before.errors.map((e) => e.code));
    expect([...after.wireTypes.values()].map(printType).sort()).toEqual(
      [...before.wireTypes.values()].map(printType).sort(),
    );
    const group = s().doc.groups.find((x2) => x2.id === g);
    expect(group?.inputs.map((p) => p.box)).toEqual([lin]);
    expect(group?.outputs.map((p) => p.box)).toEqual([sig]);
    expect(s().doc.wires.find((w) => w.from.box === x)?.to.box).toBe(g);
    s().enterGroup(g as string);
    expect(s().scope).toBe(g);
    s().leaveTo(undefined);
    expect(s().scope).toBeUndefined();
    s().undo();
    expect(s().doc.groups).toHaveLength(0);
  });

  it('places a saved group again with shared or own parameters', () => {
    const { s, lin, sig } = chain();
    s().select([lin, sig]);
    const g = s().groupSelection('layer') as string;
    const template = s().doc.groups.find((x) => x.id === g)?.template as string;
    const tied = s().placeTemplate(template, { x: 0, y: 300 }, true) as string;
    const own = s().placeTemplate(template, { x: 0, y: 600 }, false) as string;
    const groups = s().doc.groups;
    expect(groups.find((x) => x.id === tied)?.tiedTo).toBe(g);
    expect(groups.find((x) => x.id === own)?.tiedTo).toBeUndefined();
    expect(s().doc.boxes.filter((b) => b.parent === tied)).toHaveLength(2);
    // The tie keys: the original's members keyed, the tied copy's equal (docs/model-format.md).
    const keys = (group: string) =>
      s()
        .doc.boxes.filter((b) => b.parent === group)
        .map((b) => b.tieKey)
        .sort();
    expect(keys(g)).toEqual([lin, sig].sort());
    expect(keys(tied)).toEqual(keys(g));
    // Copied through the clipboard's text, moved, undone and redone, the keys stay.
    const copied = parseFragment(JSON.stringify(makeFragment(s().doc, [tied])));
    const pasted = s().paste(copied as NonNullable<typeof copied>);
    expect(keys(pasted[0])).toEqual(keys(g));
    const inside = s().doc.boxes.filter((b) => b.parent === pasted[0]);
    s().moveNodes(new Map(inside.map((b, i) => [b.id, { x: 500 - 100 * i, y: 40 * i }])));
    s().undo();
    s().redo();
    expect(keys(pasted[0])).toEqual(keys(g));
    expect(s().doc.groups.find((x) => x.id === pasted[0])?.tiedTo).toBe(g);
  });

  it('pastes a copied fragment with fresh ids and ignores foreign clipboard text', () => {
    const { store, s, x, lin } = chain();
    s().connect({ box: x, port: 'x' }, { box: lin, port: 'x' });
    const text = JSON.stringify(makeFragment(s().doc, [x, lin]));
    const fragment = parseFragment(text);
    expect(fragment).not.toBeNull();
    const ids = s().paste(fragment as NonNullable<typeof fragment>);
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(x);
    expect(s().doc.wires).toHaveLength(2);
    pasteText(store, '<b>not boxes</b>');
    expect(s().notice?.text).toMatch(/nothing was pasted/);
    expect(s().doc.boxes).toHaveLength(5);
  });

  it('undoes a connect as one step, and redoes the same wire', () => {
    const { store, s, x, lin } = chain();
    const before = s().doc;
    const steps = store.temporal.getState().pastStates.length;
    expect(s().connect({ box: x, port: 'x' }, { box: lin, port: 'x' })).toEqual({ ok: true });
    const wired = s().doc.wires;
    expect(wired).toHaveLength(1);
    expect(store.temporal.getState().pastStates).toHaveLength(steps + 1);
    s().undo();
    expect(s().doc).toEqual(before);
    s().redo();
    expect(s().doc.wires).toEqual(wired);
  });

  it('gives pasted wires fresh ids that join the pasted boxes, paste after paste', () => {
    const { s, x, lin } = chain();
    s().connect({ box: x, port: 'x' }, { box: lin, port: 'x' });
    const original = s().doc.wires[0];
    const fragment = parseFragment(JSON.stringify(makeFragment(s().doc, [x, lin])));
    if (!fragment) throw new Error('the fragment did not parse');
    const first = s().paste(fragment);
    const second = s().paste(fragment);
    const wires = s().doc.wires;
    expect(wires).toHaveLength(3);
    expect(new Set(wires.map((w) => w.id)).size).toBe(3);
    for (const ids of [first, second]) {
      const pasted = wires.filter((w) => ids.includes(w.from.box));
      expect(pasted).toHaveLength(1);
      expect(pasted[0].id).not.toBe(original.id);
      expect(ids).toContain(pasted[0].to.box);
      expect([pasted[0].from.port, pasted[0].to.port]).toEqual([original.from.port, original.to.port]);
    }
  });

  it('compiles the XOR example without errors', () => {
    const store = createEditorStore({ doc: xorExample() });
    const r = store.compile(store.getState().doc);
    expect(r.errors).toEqual([]);
    expect(r.model?.term).toBeTruthy();
  });

  it('keeps every notice in the log after it is dismissed, the last NOTICE_LOG_SIZE of them', () => {
    const { s } = chain();
    s().notify('ℝ^3 cannot feed ℝ^4', 'error');
    s().dismissNotice();
    expect(s().notice).toBeNull();
    expect(s().noticeLog.map((n) => n.text)).toEqual(['ℝ^3 cannot feed ℝ^4']);
    for (let i = 0; i < NOTICE_LOG_SIZE + 5; i++) s().notify(`n${i}`);
    expect(s().noticeLog).toHaveLength(NOTICE_LOG_SIZE);
    expect(s().noticeLog.at(-1)?.text).toBe(`n${NOTICE_LOG_SIZE + 4}`);
  });
});
