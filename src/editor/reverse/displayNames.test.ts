import { describe, expect, it } from 'vitest';
import { loadExample } from '../../io/examples/index';
import { boxName, paramName, readableId } from './displayNames';

describe('names a reader knows', () => {
  const xor = loadExample('xor');

  it('reads ids with a trailing number as words and a number', () => {
    expect(readableId('linear1')).toBe('linear 1');
    expect(readableId('x')).toBe('x');
    expect(readableId('W')).toBe('W');
  });

  it('names a box by its label, else its readable id', () => {
    expect(boxName(xor, 'lin1')).toBe('linear 2→8');
    expect(boxName(xor, 'tanh1')).toBe('tanh 1');
  });

  it('names a parameter by the port it feeds (mutant: the internal `W1.W`)', () => {
    expect(paramName(xor, 'W1.W')).toBe('W of linear 2→8');
    expect(paramName(xor, 'b2.W')).toBe('b of bias 2');
    expect(paramName(null, 'linear1.W')).toBe('W of linear 1');
  });
});
