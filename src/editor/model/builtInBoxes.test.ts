/**
 * The palette's library (docs/transformer.md): the transformer block is offered once under
 * Library, and choosing it asks its shape; the dialog proposes the sequence [T, C] of the box it
 * goes after; a block of any width, heads and context is placed as a Para group of fresh ids
 * whose ports are x and y, and, wired from a data input of that shape, compiles to the same
 * shape; a shape that cannot be drawn is refused by name.
 */
import { expect, it } from 'vitest';
import { compileDocument } from '../../compile/compile';
import { placeEntry } from '../canvas/placement';
import { createEditorStore } from '../store/createEditorStore';
import { proposedBlock, proposedHeads } from './blockShape';
import { BLOCK_ENTRY, blockKey, blockShapeProblem, builtInBox, DEFAULT_BLOCK } from './builtInBoxes';
import { hasCopy } from './library';
import { paletteEntries } from './palette';

/** A store holding an input of shape [T, C] wired into `into`'s x, and `into`'s y into an output. */
function wiredDocument(shape: readonly [number, number]) {
  const store = createEditorStore();
  const s = () => store.getState();
  const x = s().addBox('input', { x: 0, y: 0 });
  s().setConfig(x, 'shape', [...shape]);
  return { store, s, x };
}

it('offers the transformer block once under Library, and choosing it asks its shape', () => {
  const offered = paletteEntries([]).filter((e) => e.group === 'Library');
  expect(offered.map((e) => [e.name, e.template])).toEqual([['Transformer block', BLOCK_ENTRY]]);
  const { store, s } = wiredDocument([32, 32]);
  placeEntry(store, offered[0], { x: 300, y: 0 });
  expect(s().blockPrompt).toEqual({ position: { x: 300, y: 0 } });
  expect(s().doc.groups).toHaveLength(0);
});

it('places a block of the width, heads and context asked, which compiles on a sequence of that shape', () => {
  const shape = { context: 12, width: 48, heads: 3 };
  const { s, x } = wiredDocument([12, 48]);
  const key = blockKey(shape);
  const g = s().placeSaved(key, { x: 300, y: 0 }) as string;
  const group = s().doc.groups.find((x) => x.id === g);
  expect(group?.name).toBe('Transformer block (T 12, width 48, 3 heads)');
  expect(group?.inputs.map((p) => p.name)).toEqual(['x']);
  expect(hasCopy(s().doc, key)).toBe(true);
  const out = s().addBox('output', { x: 600, y: 0 });
  s().connect({ box: x, port: 'x' }, { box: g, port: 'x' });
  s().connect({ box: g, port: 'y' }, { box: out, port: 'ŷ' });
  const r = compileDocument({ ...s().doc, dataset: undefined });
  expect(r.errors).toEqual([]);
  expect(r.model?.outputs[0].type.shape).toEqual([12, 48]);
  // 4C² of attention, 8C² of MLP, 4C of the layer norms' γ and β
  const count = r.model?.params.reduce((n, p) => n + p.type.shape.reduce((a, b) => a * b, 1), 0);
  expect(count).toBe(12 * 48 * 48 + 4 * 48);
  // the document's copy is offered under My boxes, to place again
  expect(
    paletteEntries(s().doc.groups)
      .filter((e) => e.template === key)
      .map((e) => e.group),
  ).toEqual(['My boxes']);
});

it('proposes the shape of the sequence a selected box carries, else the diagram’s commonest, else the default', () => {
  const { s, x } = wiredDocument([16, 48]);
  const compiled = compileDocument({ ...s().doc, dataset: undefined });
  expect(proposedBlock(compiled, [x])).toEqual({ context: 16, width: 48, heads: 3 });
  expect(proposedBlock(compiled, [])).toEqual({ context: 16, width: 48, heads: 3 });
  expect(proposedBlock(null, [])).toEqual(DEFAULT_BLOCK);
  expect([32, 64, 384, 6, 7].map(proposedHeads)).toEqual([2, 4, 8, 1, 1]);
});

it('refuses a shape it cannot draw, naming the field', () => {
  expect(blockShapeProblem({ context: 8, width: 6, heads: 4 })).toBe('width 6 is not a multiple of heads 4');
  expect(blockShapeProblem({ context: 0, width: 8, heads: 2 })).toBe(
    'context must be a whole number from 1 to 4096, not 0',
  );
  expect(blockShapeProblem({ context: 8, width: Number.NaN, heads: 2 })).toBe(
    'width must be a whole number from 1 to 8192, not NaN',
  );
  expect(builtInBox('transformer-8-6-4')).toBeUndefined();
  expect(builtInBox('transformer-8-8-2')?.name).toBe('Transformer block (T 8, width 8, 2 heads)');
});
