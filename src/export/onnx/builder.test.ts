/**
 * The names and shared values an ONNX op-table entry writes with (docs/export.md, "ONNX"): a
 * value a user finds in the file is named `<box>/<what>` after the box it came from (else its
 * generator, else `lensboard`), never twice; the batch size is read off the first batched input
 * once for the whole graph; a filled wire is a constant expanded to its shape, over the batch
 * when it is batched, and refused, naming its generator, when there is no batch to read.
 */
import { describe, expect, it } from 'vitest';
import { real } from '../../core/wire';
import { ExportError, type ExportNode } from '../graph';
import { OnnxBuilder } from './builder';
import { ONNX_FLOAT, ONNX_INT64 } from './model';

const node = (gen: string, box?: string) => ({ gen, ...(box === undefined ? {} : { box }) }) as ExportNode;

describe('OnnxBuilder', () => {
  it('names values after the box being written, else its generator, else lensboard, each once', () => {
    const b = new OnnxBuilder(['dense/h', 'dense/h_2'], undefined);
    b.current = node('linear', 'dense');
    expect([b.fresh('h'), b.fresh('h'), b.fresh('w')]).toEqual(['dense/h_3', 'dense/h_4', 'dense/w']);
    b.current = node('tanh');
    expect(b.fresh('h')).toBe('tanh/h');
    b.current = undefined;
    expect(b.fresh('h')).toBe('lensboard/h');
  });

  it('names a node after its first output and keeps the ints, floats and scalars it makes as constants', () => {
    const b = new OnnxBuilder([], undefined);
    b.current = node('reshape', 'r');
    const shape = b.ints('shape', [-1, 3]);
    const w = b.floats('w', [2], Float32Array.of(1, 2));
    const c = b.scalar('c', 0.5);
    const out = b.value('Reshape', ['x', shape], 'flat');
    b.op('Identity', [out], ['y']);
    expect(b.nodes.map((n) => [n.name, n.opType, n.inputs, n.outputs])).toEqual([
      ['r/flat:Reshape', 'Reshape', ['x', 'r/shape'], ['r/flat']],
      ['y:Identity', 'Identity', ['r/flat'], ['y']],
    ]);
    expect(b.constants).toEqual([
      { name: shape, dims: [2], dataType: ONNX_INT64, values: [-1, 3] },
      { name: w, dims: [2], dataType: ONNX_FLOAT, values: Float32Array.of(1, 2) },
      { name: c, dims: [], dataType: ONNX_FLOAT, values: Float32Array.of(0.5) },
    ]);
    b.op('Shape', ['x'], []);
    expect(b.nodes[2].name).toBe('r/Shape:Shape');
  });

  it('reads the batch size once for the whole graph, outside any box', () => {
    const b = new OnnxBuilder(['x'], 'x');
    b.current = node('zero', 'z1');
    const first = b.batchSize();
    b.current = node('zero', 'z2');
    expect(b.batchSize()).toBe(first);
    expect(first).toBe('lensboard/batch_size');
    expect(b.current).toEqual(node('zero', 'z2'));
    expect(b.nodes).toEqual([
      {
        name: 'lensboard/batch_size:Shape',
        opType: 'Shape',
        inputs: ['x'],
        outputs: ['lensboard/batch_size'],
        attributes: [
          { name: 'start', kind: 'int', value: 0 },
          { name: 'end', kind: 'int', value: 1 },
        ],
      },
    ]);
    expect(new OnnxBuilder([], undefined).batchSize()).toBeUndefined();
  });

  it('fills a wire by expanding a constant to its shape, over the batch when batched', () => {
    const b = new OnnxBuilder(['x'], 'x');
    b.current = node('constant', 'k');
    b.filled(real([2, 3], false), 2.5, 'plain');
    expect(b.nodes.map((n) => [n.opType, n.inputs, n.outputs])).toEqual([
      ['Expand', ['k/value', 'k/shape'], ['plain']],
    ]);
    expect(b.constants.map((c) => [c.name, c.dims, Array.from(c.values)])).toEqual([
      ['k/value', [], [2.5]],
      ['k/shape', [2], [2, 3]],
    ]);
    b.filled(real([3], true), 0, 'batched');
    expect(b.nodes.slice(1).map((n) => [n.opType, n.inputs, n.outputs, n.attributes])).toEqual([
      ['Shape', ['x'], ['lensboard/batch_size'], expect.any(Array)],
      ['Concat', ['lensboard/batch_size', 'k/features'], ['k/shape_2'], [{ name: 'axis', kind: 'int', value: 0 }]],
      ['Expand', ['k/value_2', 'k/shape_2'], ['batched'], []],
    ]);
  });

  it('refuses a batched fill without a batched input, naming the generator', () => {
    const b = new OnnxBuilder([], undefined);
    b.current = node('zero', 'z');
    expect(() => b.filled(real([3], true), 0, 'out')).toThrow(ExportError);
    expect(() => b.filled(real([3], true), 0, 'out')).toThrow(
      /^zero needs a batched data input to take the batch size from$/,
    );
  });
});
