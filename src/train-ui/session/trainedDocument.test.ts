import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadExample } from '../../io/examples';
import { TrainedDocument } from './trainedDocument';
import * as shape from './trainedShape';

afterEach(() => vi.restoreAllMocks());

describe('TrainedDocument', () => {
  it('sees documents without a run at no cost: no shape is made until a run starts', () => {
    const made = vi.spyOn(shape, 'flatTrainedShape');
    const trained = new TrainedDocument();
    const xor = loadExample('xor');
    expect(trained.changed).toBe(false);
    expect(trained.saw(xor)).toBe(false);
    expect(trained.saw({ ...xor, name: 'renamed' })).toBe(false);
    expect(made).not.toHaveBeenCalled();
    // without a run, any document seen counts as changed
    expect(trained.changed).toBe(true);
  });

  it('tells an edit that matters from one that does not, once a run has started', () => {
    const trained = new TrainedDocument();
    const xor = loadExample('xor');
    trained.saw(xor);
    trained.started(xor);
    expect(trained.changed).toBe(false);
    const moved = { ...xor, boxes: xor.boxes.map((b) => ({ ...b, position: { x: b.position.x + 1, y: 0 } })) };
    expect(trained.saw(moved)).toBe(false);
    const fewer = { ...xor, boxes: xor.boxes.slice(1) };
    expect(trained.saw(fewer)).toBe(true);
    expect(trained.changed).toBe(true);
    trained.accept();
    expect(trained.changed).toBe(false);
    trained.stopped();
    expect(trained.saw(xor)).toBe(false);
  });

  it('makes each document’s shape once', () => {
    const made = vi.spyOn(shape, 'flatTrainedShape');
    const trained = new TrainedDocument();
    const xor = loadExample('xor');
    trained.started(xor);
    const atStart = made.mock.calls.length;
    trained.saw(xor);
    trained.accept();
    expect(trained.changed).toBe(false);
    expect(made).toHaveBeenCalledTimes(atStart);
  });
});
