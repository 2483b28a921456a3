import { describe, expect, it } from 'vitest';
import { catalog, catalogEntry, datasetIds } from './catalog';
import { loadDatasetNode } from './catalogNode';
import { featureSize } from './dataset';

const EXPECTED = [
  'xor',
  'circles',
  'gaussians',
  'spirals',
  'moons',
  'plane',
  'bump',
  'sine',
  'iris',
  'iris-2class',
  'iris-z2',
  'parity',
  'majority',
  'multiplexer',
  'mnist',
  'text',
  'reverse',
  'addition',
];

describe('dataset catalog', () => {
  it('lists every dataset once, by id', () => {
    expect([...datasetIds]).toEqual(EXPECTED);
    expect(catalog.size).toBe(EXPECTED.length);
  });

  it.each(EXPECTED)('%s loads with the shapes and task its entry declares', async (id) => {
    const entry = catalogEntry(id);
    const ds = await loadDatasetNode(id);
    expect(ds.featureShape).toEqual(entry.featureShape);
    expect(ds.labelShape).toEqual(entry.labelShape);
    expect(ds.task).toBe(entry.task);
    expect(ds.n).toBeGreaterThan(0);
    expect(ds.features.length).toBe(ds.n * featureSize(ds));
    expect(entry.description.length).toBeGreaterThan(10);
  });

  it('passes options through', async () => {
    expect((await loadDatasetNode('parity', { bits: 6 })).n).toBe(64);
    expect((await loadDatasetNode('xor', { n: 40, seed: 3 })).n).toBe(40);
    expect((await loadDatasetNode('iris-z2', { bitsPerFeature: 2 })).featureShape).toEqual([8]);
  });

  it('names the known ids when asked for an unknown one', () => {
    expect(() => catalogEntry('cifar')).toThrow(/unknown dataset "cifar"; known: xor, circles/);
  });
});
