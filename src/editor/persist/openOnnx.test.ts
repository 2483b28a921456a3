/**
 * Open with an ONNX file (docs/export.md, "Import back"): its bytes open as a diagram holding
 * the file's weights, ready for the training session; a file with ops Lensboard cannot draw is
 * refused naming each node, and nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { encodeOnnx, IR_VERSION, ONNX_FLOAT, OPSET } from '../../export/onnx/model';
import { onnxTarget } from '../../export/onnx/write';
import { exampleCase } from '../../testing/exportOracle';
import { bigOnnx } from '../../testing/onnxFiles';
import { xorExample } from '../model/xorExample';
import { createEditorStore } from '../store/createEditorStore';
import { cancelOnnxOpening, openPicked } from './openFiles';

const picked = (name: string, bytes: Uint8Array) =>
  ({ name, size: bytes.length, arrayBuffer: async () => bytes.slice().buffer }) as unknown as File;

describe('Open an ONNX file', () => {
  it('opens an exported model as its diagram with its weights', async () => {
    const c = exampleCase('iris-hidden');
    const bytes = onnxTarget.write(c.graph)[0].data as Uint8Array;
    const store = createEditorStore({ doc: xorExample() });
    await openPicked(store, picked('iris.onnx', bytes));
    const s = store.getState();
    expect(s.openProblem).toBeNull();
    expect(s.onnxOpening).toBeNull();
    expect(s.doc.dataset?.id).toBe('iris');
    expect(s.doc.boxes.map((b) => b.generator)).toContain('linear');
    const weights = s.openedModel?.weights ?? [];
    const values = (ws: readonly { data: Float32Array }[]) => ws.map((w) => Array.from(w.data).join()).sort();
    expect(values(weights)).toEqual(values(c.graph.weights));
    expect(s.notice?.text).toMatch(/^Opened the ONNX model “iris.onnx” as a diagram with its weights/);
  });

  it('refuses a file naming the node Lensboard cannot draw, changing nothing', async () => {
    const bytes = encodeOnnx({
      irVersion: IR_VERSION,
      opset: OPSET,
      producer: 'a test',
      docString: '',
      graph: {
        name: 'g',
        nodes: [{ name: 'norm', opType: 'LRN', inputs: ['x'], outputs: ['y'], attributes: [] }],
        initializers: [],
        inputs: [{ name: 'x', elemType: ONNX_FLOAT, shape: ['N', 3] }],
        outputs: [{ name: 'y', elemType: ONNX_FLOAT, shape: ['N', 3] }],
      },
    });
    const store = createEditorStore({ doc: xorExample() });
    const before = store.getState().doc;
    await openPicked(store, picked('norm.onnx', bytes));
    const s = store.getState();
    expect(s.doc).toBe(before);
    expect(s.openProblem?.errors.map((e) => e.message)).toEqual([
      "node “norm” (LRN): ONNX's LRN has no Lensboard generator",
    ]);
  });

  it('shows how far a file has come while it opens; Cancel stops it and changes nothing', async () => {
    const store = createEditorStore({ doc: xorExample() });
    const before = store.getState().doc;
    const seen: string[] = [];
    const unsubscribe = store.subscribe((s) => {
      if (!s.onnxOpening) return;
      seen.push(`${s.onnxOpening.file} ${s.onnxOpening.stage}`);
      cancelOnnxOpening(store);
    });
    await openPicked(store, picked('big.onnx', bigOnnx(40)));
    unsubscribe();
    const s = store.getState();
    expect(seen[0]).toBe('big.onnx reading');
    expect(s.doc).toBe(before);
    expect(s.onnxOpening).toBeNull();
    expect(s.openProblem).toBeNull();
    expect(s.notice?.text).toBe('Stopped opening “big.onnx”: nothing changed.');
  });
});
