/**
 * The tfjs graph-model export, loaded as any web app loads it (`tf.loadGraphModel` on the
 * written model.json, its shards fetched by path) and run on tfjs's cpu backend (float32): on
 * 32 random inputs, every gallery example the op table expresses predicts what Lensboard's
 * float64 engine predicts, within 1e-4 of the output's scale; the others are refused, naming each
 * generator tfjs cannot express, and their list is checked.
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { printType } from '../../core/wire';
import { exampleCase, exampleGraph, galleryFor, refusedGenerators, relativeError } from '../../testing/exportOracle';
import { GENERATOR_CASES, generatorCase } from '../../testing/oneGenerator';
import type { ExportGraph } from '../graph';
import { isRefusal, missingFromTable, refusalOf, UnsupportedOpError, unknownInTable } from '../opTable';
import { type ExportFile, wholeData } from '../targets';
import { TFJS_OPS } from './ops';
import { tfjsGraphModel, tfjsTarget } from './write';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** tf.loadGraphModel over the written files, served by path as a web server would. */
async function load(files: readonly ExportFile[]): Promise<tf.GraphModel> {
  const byPath = new Map(files.map((f) => [f.path, f.data]));
  const fetchFunc = async (url: URL | RequestInfo) => {
    const data = byPath.get(String(url).replace('https://app.example/model/', ''));
    if (data === undefined) return new Response('not found', { status: 404 });
    const whole = wholeData(data);
    return new Response(typeof whole === 'string' ? whole : new Uint8Array(whole));
  };
  return tf.loadGraphModel('https://app.example/model/model.json', { fetchFunc });
}

const gallery = galleryFor((graph) => refusalOf('tfjs', TFJS_OPS, graph));

describe('tfjs graph-model export', () => {
  it.each(gallery.expressed)('%s: tf.loadGraphModel predicts what Lensboard predicts', async (id) => {
    const c = exampleCase(id);
    const model = await load(tfjsTarget.write(c.graph));
    const before = tf.memory().numTensors;
    const feeds = Object.fromEntries(c.inputs.map((i) => [i.name, tf.tensor(i.data, [...i.shape], 'float32')]));
    const outs = model.execute(
      feeds,
      c.expected.map((e) => e.name),
    );
    const got = await Promise.all((Array.isArray(outs) ? outs : [outs]).map((t) => t.data()));
    c.expected.forEach((want, k) => {
      expect(relativeError(got[k], want.data), `output ${want.name}`).toBeLessThan(1e-4);
    });
    tf.dispose([...Object.values(feeds), ...(Array.isArray(outs) ? outs : [outs])]);
    expect(tf.memory().numTensors).toBe(before);
    model.dispose();
  });

  it('refuses exactly the gallery examples its op table cannot express, naming their generators', () => {
    expect(refusedGenerators(gallery)).toEqual({});
    for (const [id, gens] of Object.entries(refusedGenerators(gallery))) {
      const write = () => tfjsTarget.write(exampleGraph(id));
      expect(write, id).toThrow(UnsupportedOpError);
      for (const gen of gens) expect(write, id).toThrow(new RegExp(`^${gen} has no tfjs form`, 'm'));
    }
  });

  const expressible = GENERATOR_CASES.filter((c) => !isRefusal(TFJS_OPS[c.gen]) && !c.refusedBy?.includes('tfjs'));
  it.each(
    expressible.map(
      (c) => [`${c.gen} ${JSON.stringify(c.config)} on ${c.inputs.map(printType).join(', ') || 'nothing'}`, c] as const,
    ),
  )('the entry of %s computes what the generator computes', async (_, c) => {
    const oc = generatorCase(c);
    const model = await load(tfjsGraphModel(oc.graph));
    const feeds = Object.fromEntries(oc.inputs.map((i) => [i.name, tf.tensor(i.data, [...i.shape], 'float32')]));
    const names = oc.expected.map((e) => e.name);
    const outs = model.execute(feeds, names);
    const list = Array.isArray(outs) ? outs : [outs];
    for (const [k, want] of oc.expected.entries()) {
      expect(relativeError(await list[k].data(), want.data), want.name).toBeLessThan(1e-5);
    }
    tf.dispose([...Object.values(feeds), ...list]);
    model.dispose();
  });

  it('names the inputs and outputs after the drawn boxes and keeps the weights under their names', async () => {
    const c = exampleCase('xor');
    const files = tfjsGraphModel(c.graph);
    expect(files.map((f) => f.path)).toEqual(['model.json', 'group1-shard1of1.bin']);
    const json = JSON.parse(files[0].data as string);
    expect(Object.keys(json.signature.inputs)).toEqual(['x']);
    expect(Object.keys(json.signature.outputs)).toEqual(['yhat']);
    const model = await load(files);
    expect(model.inputs.map((i) => i.name)).toEqual(['x']);
    expect(model.outputs.map((o) => o.name)).toEqual(['yhat']);
    const w1 = model.weights['W1.W'][0];
    expect(Array.from(await w1.data())).toEqual(Array.from(c.graph.weights[0].data));
    model.dispose();
  });

  it('refuses a model holding a generator with no tfjs form, naming it', () => {
    const c = exampleCase('mnist-conv');
    const pool = c.graph.nodes.findIndex((n) => n.gen === 'maxPool2d');
    const nodes = c.graph.nodes.map((n, i) => (i === pool ? { ...n, gen: 'maxPoolBack' } : n));
    const bad: ExportGraph = { ...c.graph, nodes };
    expect(() => tfjsGraphModel(bad)).toThrow(UnsupportedOpError);
    expect(() => tfjsGraphModel(bad)).toThrow(/^maxPoolBack has no tfjs form \(box '[^']+'\)/);
  });

  it('maps or refuses every generator of the registry, and only those', () => {
    expect(missingFromTable(TFJS_OPS)).toEqual([]);
    expect(unknownInTable(TFJS_OPS)).toEqual([]);
  });
});
