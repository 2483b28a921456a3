/**
 * The tfjs graph model's files around its ops (docs/export.md, "tfjs graph model"): model.json's
 * header as tensorflowjs_converter writes it, the signature's types with a batch of -1, and
 * weight shards of at most 4 MB, named `group1-shardKofN.bin`, whose bytes joined are the
 * manifest's weights in order.
 */
import { describe, expect, it } from 'vitest';
import { exampleGraph } from '../../testing/exportOracle';
import type { ExportGraph } from '../graph';
import { wholeData } from '../targets';
import { SHARD_BYTES, tfjsGraphModel } from './write';

/** Compiled once: the tests read it, never change it. */
const xor = exampleGraph('xor');
const json = (graph: ExportGraph) => JSON.parse(tfjsGraphModel(graph)[0].data as string);

describe('the tfjs graph model around the ops', () => {
  it('writes the header and a signature typed as TensorFlow types it, with a batch of -1', () => {
    const m = json(xor);
    expect(m.format).toBe('graph-model');
    expect(m.generatedBy).toBe('Lensboard');
    expect(m.convertedBy).toBe('Lensboard (docs/export.md)');
    expect(m.modelTopology.library).toEqual({});
    expect(m.modelTopology.versions).toEqual({ producer: 1 });
    expect(m.signature).toEqual({
      inputs: { x: { name: 'x:0', dtype: 'DT_FLOAT', tensorShape: { dim: [{ size: '-1' }, { size: '2' }] } } },
      outputs: { yhat: { name: 'yhat:0', dtype: 'DT_FLOAT', tensorShape: { dim: [{ size: '-1' }, { size: '2' }] } } },
    });
    const placeholder = m.modelTopology.node.find((n: { name: string }) => n.name === 'x');
    expect(placeholder).toEqual({
      name: 'x',
      op: 'Placeholder',
      input: [],
      attr: { dtype: { type: 'DT_FLOAT' }, shape: { shape: { dim: [{ size: '-1' }, { size: '2' }] } } },
    });
  });

  it('cuts the weights into shards of 4 MB, which joined are the manifest’s weights in order', () => {
    const graph = xor;
    // a first weight past one shard (its values, not its use, matter here)
    const big = new Float32Array(SHARD_BYTES / 4 + 3);
    for (let i = 0; i < big.length; i++) big[i] = i;
    const weights = [{ ...graph.weights[0], data: big }, ...graph.weights.slice(1)];
    const files = tfjsGraphModel({ ...graph, weights });
    const manifest = JSON.parse(files[0].data as string).weightsManifest;
    expect(files.map((f) => f.path)).toEqual(['model.json', 'group1-shard1of2.bin', 'group1-shard2of2.bin']);
    expect(manifest).toHaveLength(1);
    expect(manifest[0].paths).toEqual(['group1-shard1of2.bin', 'group1-shard2of2.bin']);
    const shards = files.slice(1).map((f) => wholeData(f.data) as Uint8Array);
    expect(shards[0].length).toBe(SHARD_BYTES);
    const joined = new Uint8Array(shards[0].length + shards[1].length);
    joined.set(shards[0]);
    joined.set(shards[1], shards[0].length);
    const sizes = manifest[0].weights.map((w: { shape: number[] }) => 4 * w.shape.reduce((a, b) => a * b, 1));
    expect(joined.length).toBe(big.byteLength + sizes.slice(1).reduce((a: number, b: number) => a + b, 0));
    const view = new DataView(joined.buffer);
    expect([0, 1, SHARD_BYTES / 4 - 1, SHARD_BYTES / 4 + 2].map((i) => view.getFloat32(4 * i, true))).toEqual([
      0,
      1,
      SHARD_BYTES / 4 - 1,
      SHARD_BYTES / 4 + 2,
    ]);
    expect(manifest[0].weights[0]).toEqual({
      name: graph.weights[0].name,
      shape: graph.weights[0].shape,
      dtype: 'float32',
    });
    const second = new Float32Array(joined.buffer.slice(big.byteLength, big.byteLength + sizes[1]));
    expect(Array.from(second)).toEqual(Array.from(graph.weights[1].data));
  });

  it('writes one shard for weights that fit in one', () => {
    const files = tfjsGraphModel(xor);
    expect(files.map((f) => f.path)).toEqual(['model.json', 'group1-shard1of1.bin']);
  });
});
