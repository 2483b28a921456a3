import { expect, test } from 'vitest';
import { emptyDocument } from './emptyDocument';
import { OUTPUT_GAP, placeModelOutput } from './modelOutput';

const box = (id: string, generator: string, x: number, config = {}) => ({
  id,
  generator,
  config,
  position: { x, y: 100 },
});

test('the output goes to the right of the last box of the model, reading its free output', () => {
  const doc = {
    ...emptyDocument(),
    boxes: [
      box('x', 'input', 0),
      box('lin', 'linear', 200, { out: 3 }),
      box('b', 'bias', 400),
      box('s', 'sigmoid', 600),
    ],
    wires: [
      { id: 'w1', from: { box: 'x', port: 'x' }, to: { box: 'lin', port: 'x' } },
      { id: 'w2', from: { box: 'lin', port: 'y' }, to: { box: 'b', port: 'x' } },
      { id: 'w3', from: { box: 'b', port: 'y' }, to: { box: 's', port: 'x' } },
    ],
  };
  expect(placeModelOutput(doc)).toEqual({ position: { x: 600 + OUTPUT_GAP, y: 100 }, from: { box: 's', port: 'y' } });
});

test('learner boxes are not the model; with no free model port the output stands alone', () => {
  const doc = { ...emptyDocument(), boxes: [box('x', 'input', 0), box('l', 'loss', 300)] };
  expect(placeModelOutput(doc)).toEqual({ position: { x: 300 + OUTPUT_GAP, y: 100 }, from: null });
  expect(placeModelOutput(emptyDocument()).from).toBeNull();
});
