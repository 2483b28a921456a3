import { describe, expect, it } from 'vitest';
import { bindingShapes } from './binding';
import { catalog, catalogEntry, type DatasetOptions, loadDataset } from './catalog';
import { loadDatasetNode } from './catalogNode';
import { checkOptions, DatasetOptionError, optionProblem, syntheticSpecs } from './datasetOptions';

describe('dataset options are bounded where they are read', () => {
  it('refuses n = 1e9 at once, naming the JSON path and the range', async () => {
    await expect(loadDataset('xor', { n: 1e9 })).rejects.toThrow(
      'dataset.options.n = 1000000000 is out of range 1…100000',
    );
    await expect(loadDataset('xor', { n: 1e9 })).rejects.toBeInstanceOf(DatasetOptionError);
  });

  it.each([
    ['circles', { noise: 2 }, 'dataset.options.noise = 2 is out of range 0…1'],
    ['moons', { n: 2.5 }, 'dataset.options.n = 2.5 is not a whole number (range 1…100000)'],
    ['spirals', { seed: -1 }, 'dataset.options.seed = -1 is out of range 0…2147483647'],
    ['xor', { n: '500' }, 'dataset.options.n = "500" is not a number (range 1…100000)'],
    ['xor', { nosie: 0.1 }, 'dataset.options.nosie is not an option of xor (its options are n, noise, seed'],
    ['iris', { n: 5 }, 'dataset.options.n is not an option of iris (it takes no options)'],
    ['parity', { bits: 17 }, 'dataset.options.bits = 17 is out of range 1…16'],
    ['multiplexer', { bits: 4 }, 'dataset.options.bits = 4 is out of range 1…3'],
    ['mnist', { shape: 'round' }, 'dataset.options.shape = "round" is not one of "flat", "image"'],
    ['iris-z2', { classes: 4 }, 'dataset.options.classes = 4 is not one of 3, 2'],
    // A document's options cannot stand in for the reader the app or the CLI passes.
    ['mnist', { mnistBytes: 'x' }, 'dataset.options.mnistBytes is not an option of mnist (its options are shape)'],
    ['xor', { mnistBytes: {} }, 'dataset.options.mnistBytes is not an option of xor'],
  ])('%s with %j: %s', async (id, options, message) => {
    await expect(loadDatasetNode(id, options as DatasetOptions)).rejects.toThrow(message);
    expect(() => bindingShapes(id, options)).toThrow(message);
  });

  it('accepts the bounds themselves and every default', () => {
    const specs = syntheticSpecs(500, true);
    expect(() => checkOptions('xor', specs, { n: 1, noise: 0, seed: 0 })).not.toThrow();
    expect(() => checkOptions('xor', specs, { n: 100000, noise: 1, seed: 2 ** 31 - 1 })).not.toThrow();
    for (const entry of catalog.values())
      for (const spec of entry.options) expect(optionProblem(spec, spec.default), `${entry.id}.${spec.key}`).toBeNull();
  });

  it('names another path when asked (a CLI flag, a nested document)', () => {
    expect(() => checkOptions('xor', syntheticSpecs(500, true), { n: 0 }, 'runs[2].dataset.options')).toThrow(
      'runs[2].dataset.options.n = 0 is out of range 1…100000',
    );
  });

  it('says that an imported CSV is not in the document', () => {
    expect(() => catalogEntry('csv')).toThrow(/imported file: its rows are kept by the browser/);
  });
});

describe('binding shapes follow the options, as the loaded dataset has them', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['xor', {}],
    ['xor', { labelKind: 'scalar', scalar: 'bit' }],
    ['plane', { n: 30 }],
    ['iris', {}],
    ['iris-2class', {}],
    ['iris-z2', {}],
    ['iris-z2', { classes: 2, bitsPerFeature: 3, labelEncoding: 'bits' }],
    ['iris-z2', { classes: 3, labelEncoding: 'bits' }],
    ['parity', { bits: 6 }],
    ['majority', {}],
    ['multiplexer', { bits: 3 }],
    ['mnist', { shape: 'image' }],
    ['mnist', {}],
  ];
  it.each(cases)('%s %j', async (id, options) => {
    const ds = await loadDatasetNode(id, options);
    const shapes = bindingShapes(id, options);
    expect(shapes.featureShape).toEqual(ds.featureShape);
    expect(shapes.labelShape).toEqual(ds.labelShape);
    expect(shapes.task).toBe(ds.task);
  });
});
