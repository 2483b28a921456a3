import { expect, test } from 'vitest';
import { loadExample } from '../io/examples';
import { type WatchedState, waitMet, waitText } from './waits';

const doc = loadExample('plane-regression');
const base: WatchedState = {
  doc,
  selectedNodes: [],
  overlay: null,
  lensView: false,
  trainSteps: 10,
  trainStepsAtStart: 10,
  animating: false,
};

test('a step without a wait is done at once', () => {
  expect(waitMet(undefined, base)).toBe(true);
});

test('a wire wait is met by that wire only, in its direction', () => {
  expect(waitMet({ kind: 'wire', from: 'lin1.y', to: 'bias1.x' }, base)).toBe(true);
  expect(waitMet({ kind: 'wire', from: 'bias1.y', to: 'lin1.x' }, base)).toBe(false);
  const without = { ...base, doc: { ...doc, wires: doc.wires.filter((w) => w.id !== 'w3') } };
  expect(waitMet({ kind: 'wire', from: 'lin1.y', to: 'bias1.x' }, without)).toBe(false);
});

test('select, add, config, overlay, lens view and animate read the editor', () => {
  expect(waitMet({ kind: 'select', box: 'loss' }, base)).toBe(false);
  expect(waitMet({ kind: 'select', box: 'loss' }, { ...base, selectedNodes: ['loss'] })).toBe(true);
  expect(waitMet({ kind: 'add', generator: 'bias' }, base)).toBe(true);
  expect(waitMet({ kind: 'add', generator: 'and' }, base)).toBe(false);
  expect(waitMet({ kind: 'config', box: 'opt', key: 'kind', value: 'gd' }, base)).toBe(true);
  expect(waitMet({ kind: 'config', box: 'opt', key: 'kind', value: 'adam' }, base)).toBe(false);
  expect(waitMet({ kind: 'overlay', overlay: 'reverse' }, { ...base, overlay: 'reverse' })).toBe(true);
  expect(waitMet({ kind: 'lens-view' }, base)).toBe(false);
  expect(waitMet({ kind: 'lens-view' }, { ...base, lensView: true })).toBe(true);
  expect(waitMet({ kind: 'animate' }, { ...base, animating: true })).toBe(true);
});

test('training steps count from the start of the lesson step, not from the page', () => {
  const wait = { kind: 'train', steps: 2 } as const;
  expect(waitMet(wait, base)).toBe(false);
  expect(waitMet(wait, { ...base, trainSteps: 11 })).toBe(false);
  expect(waitMet(wait, { ...base, trainSteps: 12 })).toBe(true);
});

test('a wait says what to do: the lesson’s words, else words made from it', () => {
  expect(waitText({ kind: 'train', steps: 1 })).toBe('Press Step in the training panel.');
  expect(waitText({ kind: 'select', box: 'opt', say: 'Click the optimiser.' })).toBe('Click the optimiser.');
});
