/**
 * loadModel: a model trained, written and loaded back predicts what the trainer predicts, bit
 * for bit, on the typed engine (float32) and on tfjs's cpu backend; a diagram naming a
 * generator outside the registry is refused, naming the box; zero rows give zero predictions.
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../data/catalog';
import { loadExample } from '../io/examples';
import { writeModelFile } from '../learn/modelFile';
import { createRunner } from '../learn/runners/index';
import { openSession } from '../learn/session';
import { loadModel, ModelFileError, withParameters } from './modelRuntime';
import { tfjsRunner } from './modelRuntimeTfjs';

beforeAll(async () => {
  await tf.setBackend('cpu');
  await tf.ready();
});

async function trained(engine: 'typed' | 'tfjs') {
  const document = loadExample('xor');
  const session = await openSession({ document, settings: { epochs: 2, evaluateEachEpoch: false, engine } });
  const result = await session.trainer.run();
  const text = writeModelFile({
    document: session.document,
    dataset: {
      id: 'xor',
      options: document.dataset?.options ?? {},
      featureShape: [2],
      labelShape: [2],
      task: 'classification',
    },
    trainer: session.trainer,
    epochsDone: result.epochs,
    stepsDone: result.steps,
    metrics: { train: result.train, test: result.test },
  });
  return { session, text };
}

describe('loadModel', () => {
  it.each(['typed', 'tfjs'] as const)('predicts bit for bit what the trainer predicts (%s)', async (engine) => {
    const { session, text } = await trained(engine);
    const data = await loadDataset('xor', { noise: 0, n: 64, seed: 9 });
    const { trainer } = session;
    const runner = createRunner(engine, trainer.learner, trainer.weights(), trainer.optimiserState());
    const expected = Float32Array.from(runner.evaluate(data).predictions);
    runner.dispose();
    const before = tf.memory().numTensors;
    const model = loadModel(text, engine === 'tfjs' ? tfjsRunner : undefined);
    const got = model.predict(data.features);
    expect(tf.memory().numTensors).toBe(before);
    expect(got).toHaveLength(64);
    const flat = Float32Array.from(got.flatMap((r) => Array.from(r)));
    expect(Array.from(flat)).toEqual(Array.from(expected));
    expect(model.parameters.map((p) => p.name)).toEqual(trainer.learner.model.params.map((p) => p.name));
    expect(model.inputShape).toEqual([2]);
    trainer.dispose();
  });

  it("probes every drawn box's output: the last box's is the prediction, a hidden one is tanh of its input", async () => {
    const { session, text } = await trained('typed');
    session.trainer.dispose();
    const model = loadModel(text);
    const data = await loadDataset('xor', { noise: 0, n: 16, seed: 4 });
    const outs = model.probe(data.features);
    expect([...outs.keys()].sort()).toEqual(['bias1', 'bias2', 'lin1', 'lin2', 'tanh1']);
    const predicted = Float32Array.from(model.predict(data.features).flatMap((r) => Array.from(r)));
    expect(outs.get('bias2')).toEqual({ shape: [16, 2], data: predicted });
    const before = outs.get('bias1');
    const after = outs.get('tanh1');
    expect(after?.shape).toEqual([16, 8]);
    expect(Array.from(after?.data ?? [])).toEqual(Array.from(before?.data ?? [], (v) => Math.fround(Math.tanh(v))));
  });

  it.each(['constructor', '__proto__', 'toString'])('refuses the generator id %j, naming its box', async (id) => {
    const { text, session } = await trained('typed');
    session.trainer.dispose();
    const file = JSON.parse(text);
    const box = file.diagram.boxes.find((b: { generator: string }) => b.generator === 'tanh');
    box.generator = id;
    expect(() => loadModel(file)).toThrow(ModelFileError);
    expect(() => loadModel(file)).toThrow(new RegExp(`box '${box.id}'.*unknown generator`));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("takes other weights for the same diagram (a run's later weights), checked by name, shape and length", async () => {
    const { text, session } = await trained('typed');
    session.trainer.dispose();
    const model = loadModel(text);
    const halved = model.parameters.map((p) => ({ name: p.name, shape: p.shape, data: p.data.map((v) => v / 2) }));
    const other = withParameters(model, halved);
    const file = JSON.parse(text);
    const rows = Float32Array.from([0.3, -0.7]);
    expect(other.parameters.map((p) => Array.from(p.data))).toEqual(halved.map((p) => Array.from(p.data)));
    expect(other.predict(rows)).not.toEqual(model.predict(rows));
    expect(withParameters(other, model.parameters).predict(rows)).toEqual(loadModel(file).predict(rows));
    const [first, ...rest] = halved;
    expect(() => withParameters(model, rest)).toThrow(new RegExp(`no model weight named '${first.name}'`));
    expect(() => withParameters(model, [{ ...first, data: first.data.subarray(1) }, ...rest])).toThrow(
      new RegExp(`weight '${first.name}' has ${first.data.length - 1} values`),
    );
    expect(() => withParameters(model, [{ ...first, name: 'nothing.W' }, ...rest])).toThrow(ModelFileError);
  });

  it.each(['typed', 'tfjs'] as const)('predicts zero rows as zero predictions (%s)', async (engine) => {
    const { text, session } = await trained('typed');
    session.trainer.dispose();
    const model = loadModel(text, engine === 'tfjs' ? tfjsRunner : undefined);
    expect(model.predict([])).toEqual([]);
    expect(model.predict(new Float32Array(0))).toEqual([]);
    expect(model.probe(new Float32Array(0)).get('tanh1')?.shape).toEqual([0, 8]);
  });

  it('refuses rows of the wrong width, saying which', async () => {
    const { text, session } = await trained('typed');
    session.trainer.dispose();
    expect(() => loadModel(text).predict([[1, 2], [3]])).toThrow(/row 2 has 1 values; the model takes 2/);
  });
});
