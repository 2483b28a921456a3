/**
 * The ONNX export, run by ONNX Runtime (float32, CPU): on 32 random inputs, every gallery
 * example the op table expresses predicts what Lensboard's float64 engine predicts, within 1e-4
 * of the output's scale; the others are refused, naming each generator ONNX cannot express, and
 * their list is checked. The op table covers the registry.
 */
import { describe, expect, it } from 'vitest';
import { printType } from '../../core/wire';
import { exampleCase, exampleGraph, galleryFor, refusedGenerators, relativeError } from '../../testing/exportOracle';
import { GENERATOR_CASES, generatorCase } from '../../testing/oneGenerator';
import { runOnnx } from '../../testing/onnxRuntime';
import type { ExportGraph } from '../graph';
import { isRefusal, missingFromTable, refusalOf, UnsupportedOpError, unknownInTable } from '../opTable';
import { encodeOnnx } from './model';
import { ONNX_OPS } from './ops';
import { onnxModel, onnxTarget } from './write';

const gallery = galleryFor((graph) => refusalOf('ONNX', ONNX_OPS, graph));

describe('ONNX export', () => {
  it.each(gallery.expressed)('%s: ONNX Runtime predicts what Lensboard predicts', async (id) => {
    const c = exampleCase(id);
    const files = onnxTarget.write(c.graph);
    expect(files.map((f) => f.path)).toEqual(['model.onnx']);
    const got = await runOnnx(files[0].data as Uint8Array, c.inputs);
    for (const want of c.expected) {
      expect(got[want.name], `output ${want.name}`).toBeDefined();
      expect(relativeError(got[want.name], want.data)).toBeLessThan(1e-4);
    }
  });

  it('refuses exactly the gallery examples its op table cannot express, naming their generators', () => {
    expect(refusedGenerators(gallery)).toEqual({});
    for (const [id, gens] of Object.entries(refusedGenerators(gallery))) {
      const write = () => onnxTarget.write(exampleGraph(id));
      expect(write, id).toThrow(UnsupportedOpError);
      for (const gen of gens) expect(write, id).toThrow(new RegExp(`^${gen} has no ONNX form`, 'm'));
    }
  });

  const expressible = GENERATOR_CASES.filter((c) => !isRefusal(ONNX_OPS[c.gen]));
  it.each(
    expressible.map(
      (c) => [`${c.gen} ${JSON.stringify(c.config)} on ${c.inputs.map(printType).join(', ') || 'nothing'}`, c] as const,
    ),
  )('the entry of %s computes what the generator computes', async (_, c) => {
    const oc = generatorCase(c);
    const got = await runOnnx(encodeOnnx(onnxModel(oc.graph)), oc.inputs);
    for (const want of oc.expected) expect(relativeError(got[want.name], want.data), want.name).toBeLessThan(1e-5);
  });

  it('names the inputs and outputs after the drawn boxes and carries the weights as initialisers', () => {
    const c = exampleCase('xor');
    const m = onnxModel(c.graph);
    expect(m.opset).toBeGreaterThanOrEqual(17);
    expect(m.graph.inputs).toEqual([{ name: 'x', elemType: 1, shape: ['batch', 2] }]);
    expect(m.graph.outputs).toEqual([{ name: 'yhat', elemType: 1, shape: ['batch', 2] }]);
    const w1 = m.graph.initializers.find((t) => t.name === 'W1.W');
    expect(w1?.dims).toEqual([2, 8]);
    expect(Array.from(w1?.values ?? [])).toEqual(Array.from(c.graph.weights[0].data));
    expect(m.graph.nodes.map((n) => n.opType)).toEqual(['MatMul', 'Add', 'Tanh', 'MatMul', 'Add']);
  });

  it('refuses a model holding a generator with no ONNX form, naming it', () => {
    const c = exampleCase('mnist-conv');
    const pool = c.graph.nodes.findIndex((n) => n.gen === 'maxPool2d');
    const nodes = c.graph.nodes.map((n, i) => (i === pool ? { ...n, gen: 'maxPoolSelect' } : n));
    const bad: ExportGraph = { ...c.graph, nodes };
    expect(() => onnxModel(bad)).toThrow(UnsupportedOpError);
    expect(() => encodeOnnx(onnxModel(bad))).toThrow(/^maxPoolSelect has no ONNX form \(box '[^']+'\)/);
  });

  it('maps or refuses every generator of the registry, and only those', () => {
    expect(missingFromTable(ONNX_OPS)).toEqual([]);
    expect(unknownInTable(ONNX_OPS)).toEqual([]);
  });
});
