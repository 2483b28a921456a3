import { expect, test } from 'vitest';
import { describeGenerator } from './boxInfo';
import { configCaption } from './configCaption';

const caption = (generator: string, config: Record<string, unknown>) =>
  configCaption(describeGenerator(generator, config).configFields, config);

test('a linear box shows its sizes as in→out once both are set, and what is set before', () => {
  expect(caption('linear', { in: 4, out: 3 })).toBe('4→3');
  expect(caption('linear', { out: 3 })).toBe('out 3');
  expect(caption('linear', {})).toBe('');
});

test('shapes print as sizes; fields that do not change a type print nothing', () => {
  expect(caption('parameter', { shape: [2, 1], init: { kind: 'zeros' } })).toBe('2×1');
  expect(caption('parameter', { shape: [] })).toBe('scalar');
  expect(caption('loss', { kind: 'mse' })).toBe('');
  expect(caption('correlate2d', { kernel: 3, channels: 5 })).toBe('kernel size 3, output channels 5');
});

test("a correlation's geometry prints by name, the default pads and strides not at all", () => {
  const geometry = { pads: [1, 1, 0, 0], strides: [1, 1], dilations: [2, 2], groups: 8 };
  expect(caption('correlate2d', geometry)).toBe('pads 1,1,0,0, dilations 2,2, groups 8');
});
