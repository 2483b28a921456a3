/** The names a model file gives the optimiser's state (docs/model-format.md). */
import { describe, expect, it } from 'vitest';
import { real } from '../core/wire';
import { stateEntries } from './modelNames';
import { optimisers } from './optimisers/index';

const params = [
  { name: 'lin1.W', type: real([3, 2]) },
  { name: 'lin1.b', type: real([2]) },
];

describe('the optimiser state entries of a model file', () => {
  it("name each parameter's own state after it, typed like it, then the shared state once", () => {
    expect(stateEntries(params, optimisers.adam)).toEqual([
      { name: 'lin1.W/m', shape: [3, 2], init: 0 },
      { name: 'lin1.W/v', shape: [3, 2], init: 0 },
      { name: 'lin1.b/m', shape: [2], init: 0 },
      { name: 'lin1.b/v', shape: [2], init: 0 },
      { name: 'optimizer/t', shape: [], init: 0 },
    ]);
  });

  it("start a state at its optimiser's initial value (AdaGrad's accumulator is not 0)", () => {
    const entries = stateEntries(params, optimisers.adagrad);
    expect(entries.map((e) => e.name)).toEqual(['lin1.W/accumulator', 'lin1.b/accumulator']);
    const init = optimisers.adagrad.state[0].init;
    expect(init).not.toBe(0);
    for (const e of entries) expect(e.init).toBe(init);
    expect(entries[0].shape).toEqual([3, 2]);
  });

  it('are none for gradient descent, which keeps no state', () => {
    expect(stateEntries(params, optimisers.gd)).toEqual([]);
  });

  it("give a scalar state no shape, whatever its parameter's", () => {
    const scalar = { ...optimisers.momentum, state: [{ name: 'k', scalar: true, init: 2 }] };
    expect(stateEntries(params, scalar)).toEqual([
      { name: 'lin1.W/k', shape: [], init: 2 },
      { name: 'lin1.b/k', shape: [], init: 2 },
    ]);
  });

  it("copy the parameter's shape (changing an entry changes no parameter type)", () => {
    const [first] = stateEntries(params, optimisers.momentum);
    expect(first).toEqual({ name: 'lin1.W/velocity', shape: [3, 2], init: 0 });
    expect(first.shape).not.toBe(params[0].type.shape);
  });
});
