/**
 * The export graph is the compiled forward Program read step by step: for every example, its
 * nodes are the Program's steps in order, each reads only values made before it, its boundary
 * is named after the drawn input and output boxes, and its weights are the file's.
 */
import { describe, expect, it } from 'vitest';
import { lower } from '../core/program';
import { examples } from '../io/examples/index';
import { exampleModelFile } from '../testing/exportModels';
import { compileModelFile, ExportError, exportGraph } from './graph';

describe('exportGraph', () => {
  it.each(examples.map((e) => e.id))('reads %s step by step in schedule order', (id) => {
    const { file, weights } = exampleModelFile(id);
    const g = exportGraph(file, weights);
    const program = lower(compileModelFile(file).model.diagram);
    expect(g.nodes.map((n) => n.gen)).toEqual(program.steps.map((s) => s.gen));
    const made = new Set([...g.inputs.map((i) => i.value), ...g.params.map((p) => p.name)]);
    for (const node of g.nodes) {
      for (const v of node.inputs) expect(made.has(v), `${node.gen} reads ${v}`).toBe(true);
      for (const v of node.outputs) made.add(v);
      expect(node.inputs.map((v) => g.values.get(v))).toEqual(node.inputTypes);
    }
    expect(g.outputs.every((o) => made.has(o.value))).toBe(true);
    expect(g.weights.map((w) => w.name)).toEqual(g.params.map((p) => p.name));
    g.weights.forEach((w, i) => {
      expect(w.data).toBe(weights[i].data);
    });
  });

  it('names the boundary after the drawn boxes and labels nodes with the user’s labels', () => {
    const { file, weights } = exampleModelFile('xor');
    const g = exportGraph(file, weights);
    expect(g.inputs).toEqual([
      { name: 'x', label: 'features', value: 'x', type: { field: 'real', shape: [2], batch: true } },
    ]);
    expect(g.outputs.map((o) => [o.name, o.label, o.value])).toEqual([['yhat', 'prediction', 'yhat']]);
    expect(g.nodes.map((n) => [n.gen, n.label, n.inputs, n.outputs])).toEqual([
      ['linear', 'linear 2→8', ['W1.W', 'x'], ['lin1']],
      ['bias', 'bias1', ['b1.W', 'lin1'], ['bias1']],
      ['tanh', 'tanh1', ['bias1'], ['tanh1']],
      ['linear', 'linear 8→2', ['W2.W', 'tanh1'], ['lin2']],
      ['bias', 'bias2', ['b2.W', 'lin2'], ['yhat']],
    ]);
    expect(g.nodes[0].params).toEqual([{ port: 'W', name: 'W1.W', shape: [2, 8] }]);
    expect(g.training.optimiser.kind).toBe('adam');
    expect(g.training.batchSize).toBe(16);
  });

  it('refuses a file whose weights do not fit its diagram, naming the weight', () => {
    const { file, weights } = exampleModelFile('xor');
    const short = weights.map((w) => (w.name === 'b1.W' ? { ...w, shape: [3], data: new Float32Array(3) } : w));
    expect(() => exportGraph(file, short)).toThrow(ExportError);
    expect(() => exportGraph(file, short)).toThrow(/weight 'b1.W' has shape \[3\]; the diagram needs \[8\]/);
    expect(() => exportGraph(file, weights.slice(1))).toThrow(/no model weight named 'W1.W'/);
  });
});
