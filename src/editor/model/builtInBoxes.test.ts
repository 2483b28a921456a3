/**
 * The palette's library (docs/transformer.md): each transformer block is offered under Library,
 * placed as a Para group of fresh ids whose ports are x and y, and, wired from a data input of
 * [32, C], compiles to a [32, C] output.
 */
import { expect, it } from 'vitest';
import { compileDocument } from '../../compile/compile';
import { createEditorStore } from '../store/createEditorStore';
import { builtInBoxes } from './builtInBoxes';
import { paletteEntries } from './palette';

it('offers each transformer block under Library, and a placed one compiles on [32, C]', () => {
  const offered = paletteEntries([]).filter((e) => e.group === 'Library');
  expect(offered.map((e) => e.template)).toEqual(builtInBoxes().map((b) => b.key));
  const store = createEditorStore();
  const s = () => store.getState();
  const box = builtInBoxes()[0];
  const g = s().placeSaved(box.key, { x: 300, y: 0 }) as string;
  const group = s().doc.groups.find((x) => x.id === g);
  expect(group?.name).toBe(box.name);
  expect(group?.inputs.map((p) => p.name)).toEqual(['x']);
  const x = s().addBox('input', { x: 0, y: 0 });
  const out = s().addBox('output', { x: 600, y: 0 });
  s().connect({ box: x, port: 'x' }, { box: g, port: 'x' });
  s().connect({ box: g, port: 'y' }, { box: out, port: 'ŷ' });
  const doc = s().doc;
  expect(doc.groups.filter((x) => x.parent === undefined)).toHaveLength(1);
  // with the input drawn as a [32, 32] sequence
  const r = compileDocument({
    ...doc,
    dataset: undefined,
    boxes: doc.boxes.map((b) => (b.id === x ? { ...b, config: { shape: [32, 32] } } : b)),
  });
  expect(r.errors).toEqual([]);
  expect(r.model?.outputs[0].type.shape).toEqual([32, 32]);
  // placed again: the document's copy is not offered twice, under My boxes
  expect(paletteEntries(s().doc.groups).filter((e) => e.template === box.key)).toHaveLength(1);
});
