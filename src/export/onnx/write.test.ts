/**
 * What the ONNX file says besides its ops (docs/export.md, "ONNX"): who wrote it, at which IR
 * version and opset, the model's name and dataset binding (which the import reads back), the
 * boundary's types with a symbolic batch; and, past the size threshold, where each weight lies
 * in `model.onnx.data` (offsets aligned to 4096 as onnx's own helper aligns them, the small
 * tensors kept inside), read field by field from the written bytes.
 */
import { describe, expect, it } from 'vitest';
import { exampleGraph } from '../../testing/exportOracle';
import { wholeData } from '../targets';
import { decodeOnnx } from './decode';
import { importedName } from './import/carried';
import { DATASET_METADATA, IR_VERSION, ONNX_FLOAT, OPSET } from './model';
import { readBytes, readFields, readInts, toText } from './protobuf';
import { ONNX_DATA_FILE, onnxModel, onnxTarget } from './write';

describe('the ONNX model around the ops', () => {
  it('names its writer, versions, the model and its dataset, and types the boundary with a batch', () => {
    const graph = exampleGraph('xor');
    const m = onnxModel(graph);
    expect([m.irVersion, m.opset, m.producer]).toEqual([IR_VERSION, OPSET, 'Lensboard']);
    expect(m.docString).toBe(`${graph.name}: the forward model exported by Lensboard (docs/export.md)`);
    expect([m.graph.name, m.graph.docString]).toEqual([graph.name, graph.name]);
    expect(importedName(m, 'file')).toBe(graph.name);
    const { id, options } = graph.training.dataset;
    expect(m.metadata).toEqual([{ key: DATASET_METADATA, value: JSON.stringify({ id, options }) }]);
    expect(m.graph.inputs).toEqual([{ name: 'x', elemType: ONNX_FLOAT, shape: ['batch', 2] }]);
    expect(m.graph.outputs).toEqual([{ name: 'yhat', elemType: ONNX_FLOAT, shape: ['batch', 2] }]);
    expect(m.graph.initializers.slice(0, graph.weights.length)).toEqual(
      graph.weights.map((w) => ({ name: w.name, dims: w.shape, dataType: ONNX_FLOAT, values: w.data })),
    );
  });
});

describe('ONNX external data, field by field', () => {
  const graph = exampleGraph('mnist-mlp');
  const total = graph.weights.reduce((n, w) => n + w.data.byteLength, 0);

  /** Each initialiser's name, and its external location, offset and length (none when inside). */
  function places(model: Uint8Array) {
    const [graphField] = readFields(model, 'm').filter((f) => f.field === 7);
    const tensors = readFields(readBytes(graphField, 'g'), 'g').filter((f) => f.field === 5);
    return tensors.map((t) => {
      const fields = readFields(readBytes(t, 't'), 't');
      const name = toText(readBytes(fields.find((f) => f.field === 8)!, 'name'));
      const dims = fields.filter((f) => f.field === 1).flatMap((f) => readInts(f, 'dims'));
      const keys = fields
        .filter((f) => f.field === 13)
        .map((f) => {
          const e = readFields(readBytes(f, 'e'), 'e');
          return [toText(readBytes(e[0], 'k')), toText(readBytes(e[1], 'v'))];
        });
      const location = fields.find((f) => f.field === 14);
      return { name, dims, keys: Object.fromEntries(keys), external: location?.wire === 0 && location.value === 1n };
    });
  }

  it('keeps the weights inside up to the threshold, and moves them out past it', () => {
    expect(onnxTarget.write(graph, { externalDataAbove: total }).map((f) => f.path)).toEqual(['model.onnx']);
    expect(onnxTarget.write(graph, { externalDataAbove: total - 1 }).map((f) => f.path)).toEqual([
      'model.onnx',
      ONNX_DATA_FILE,
    ]);
    expect(onnxTarget.write(graph).map((f) => f.path)).toEqual(['model.onnx']);
  });

  it('puts each large weight at an offset aligned to 4096, one after another, the small ones inside', () => {
    const [model, data] = onnxTarget.write(graph, { externalDataAbove: 0 }).map((f) => wholeData(f.data) as Uint8Array);
    const all = places(model);
    const outside = all.filter((p) => p.external);
    const sizes = (p: (typeof all)[number]) => 4 * p.dims.reduce((a, b) => a * b, 1);
    expect(outside.map((p) => p.name)).toEqual(graph.weights.filter((w) => w.data.length >= 1024).map((w) => w.name));
    expect(all.filter((p) => !p.external).every((p) => Object.keys(p.keys).length === 0)).toBe(true);
    let end = 0;
    for (const p of outside) {
      const offset = Number(p.keys.offset);
      expect(p.keys.location).toBe(ONNX_DATA_FILE);
      expect(offset % 4096).toBe(0);
      expect(offset).toBe(Math.ceil(end / 4096) * 4096);
      expect(Number(p.keys.length)).toBe(sizes(p));
      end = offset + sizes(p);
    }
    expect(data.length).toBe(end);
    // the bytes there are the weights' own
    const r = decodeOnnx(model, new Map([[ONNX_DATA_FILE, data]]));
    if (!r.ok) throw new Error(r.error);
    for (const w of graph.weights) {
      const t = r.model.graph.initializers.find((i) => i.name === w.name);
      expect(t?.values.length, w.name).toBe(w.data.length);
      expect(
        w.data.every((v, i) => v === t?.values[i]),
        w.name,
      ).toBe(true);
    }
  });
});
