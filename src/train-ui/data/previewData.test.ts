import { describe, expect, it } from 'vitest';
import { loadDatasetNode } from '../../data/catalogNode';
import { parseCsv } from '../../data/csv';
import { IMAGES_SHOWN, MAX_POINTS_SHOWN, previewOf, previewTransfer, spreadRows, TABLE_ROWS } from './previewData';

describe('what the data panel shows of a dataset', () => {
  it('a 2-D set: its points, coloured by class, with the class counts', async () => {
    const p = previewOf(await loadDatasetNode('xor', { n: 40, seed: 2 }));
    if (p.view.kind !== 'points') throw new Error(`expected points, got ${p.view.kind}`);
    expect(p.rows).toBe(40);
    expect(p.view.xy.length).toBe(80);
    expect(new Set(p.view.value)).toEqual(new Set([0, 1]));
    expect(p.classes).toEqual(['negative', 'positive']);
    expect(p.classCounts?.reduce((a, b) => a + b)).toBe(40);
    // the class shown is the sign of x·y, as the XOR set defines it (noise 0)
    for (let i = 0; i < 40; i++) expect(p.view.value[i]).toBe(p.view.xy[2 * i] * p.view.xy[2 * i + 1] >= 0 ? 1 : 0);
  });

  it('reads one signed number per row as the class, and a regression target as a value', async () => {
    const signed = previewOf(await loadDatasetNode('circles', { labelKind: 'scalar', n: 30 }));
    expect(signed.classCounts?.reduce((a, b) => a + b)).toBe(30);
    const plane = previewOf(await loadDatasetNode('plane', { n: 20 }));
    if (plane.view.kind !== 'points') throw new Error('expected points');
    expect(plane.classes).toBeUndefined();
    expect(Math.max(...plane.view.value)).toBeLessThanOrEqual(1.2);
    expect(new Set(plane.view.value).size).toBeGreaterThan(10);
  });

  it('caps the points it posts, whatever the size of the set', async () => {
    const p = previewOf(await loadDatasetNode('moons', { n: 20_000 }));
    if (p.view.kind !== 'points') throw new Error('expected points');
    expect(p.rows).toBe(20_000);
    expect(p.view.value.length).toBe(MAX_POINTS_SHOWN);
  });

  it('MNIST: images spread through the file (sorted by digit) as grey levels, captioned with their digit', async () => {
    for (const shape of ['flat', 'image'] as const) {
      const p = previewOf(await loadDatasetNode('mnist', { shape }));
      if (p.view.kind !== 'images') throw new Error(`expected images, got ${p.view.kind}`);
      expect([p.view.width, p.view.height]).toEqual([28, 28]);
      expect(p.view.pixels.length).toBe(IMAGES_SHOWN * 784);
      expect(Math.max(...p.view.pixels)).toBe(255);
      expect(p.view.captions.every((c) => /^\d$/.test(c))).toBe(true);
      expect(new Set(p.view.captions).size).toBe(10);
      expect(previewTransfer(p)).toHaveLength(1);
    }
  });

  it('a table for the rest: Iris, a Boolean function, an imported CSV', async () => {
    const iris = previewOf(await loadDatasetNode('iris'));
    if (iris.view.kind !== 'table') throw new Error('expected a table');
    expect(iris.view.columns).toEqual(['sepal length', 'sepal width', 'petal length', 'petal width', 'class']);
    expect(iris.view.rows).toHaveLength(TABLE_ROWS);
    expect(iris.view.rows[0]).toEqual(['5.1', '3.5', '1.4', '0.2', 'setosa']);
    expect(new Set(iris.view.rows.map((r) => r[4]))).toEqual(new Set(['setosa', 'versicolor', 'virginica']));
    const parity = previewOf(await loadDatasetNode('parity', { bits: 3 }));
    if (parity.view.kind !== 'table') throw new Error('expected a table');
    expect(parity.view.rows[1]).toEqual(['0', '0', '1', '1']);
    const csv = previewOf(parseCsv('a,b,c,t\n1,2,3,0.5\n4,5,6,1.25\n', { labelKind: 'numeric' }).dataset);
    if (csv.view.kind !== 'table') throw new Error('expected a table');
    expect(csv.view.columns).toEqual(['a', 'b', 'c', 'target']);
    expect(csv.view.rows[1]).toEqual(['4', '5', '6', '1.25']);
  });

  it('says how many feature columns a wide table leaves out', async () => {
    const p = previewOf(await loadDatasetNode('iris-z2', { bitsPerFeature: 3 }));
    if (p.view.kind !== 'table') throw new Error('expected a table');
    expect(p.view.columns).toHaveLength(7);
    expect(p.view.hiddenFeatures).toBe(6);
  });
});

describe('the rows a preview shows', () => {
  it('are spread evenly, the first always among them, never beyond the last', () => {
    expect(spreadRows(150, 8)).toEqual([0, 18, 37, 56, 75, 93, 112, 131]);
    expect(spreadRows(3, 8)).toEqual([0, 1, 2]);
    expect(spreadRows(0, 8)).toEqual([]);
  });
});

describe('a set of token windows', () => {
  it('shows each window as text and the next token each position learns', async () => {
    const ds = await loadDatasetNode('reverse', { length: 3, examples: 20, seed: 1 });
    const p = previewOf(ds);
    expect(p.classCounts).toBeUndefined();
    if (p.view.kind !== 'table') throw new Error('a table was expected');
    expect(p.view.columns).toEqual(['window', 'next']);
    const [input, next] = p.view.rows[0];
    expect(input).toMatch(/^[abcd]{3}\|[abcd]{2}$/);
    expect(next).toBe(`···${[...input.slice(0, 3)].reverse().join('')}`);
  });
});
