/** The app's Export → ONNX and Export → tfjs graph model: the target's files, byte for byte, in one zip. */
import { describe, expect, it } from 'vitest';
import { modelFileText } from '../io/modelWrite';
import { exampleModelFile } from '../testing/exportModels';
import { exportGraph } from './graph';
import { onnxTarget } from './onnx/write';
import { exportArchive } from './package';
import { tfjsTarget } from './tfjs/write';
import { zipStore } from './zip';

describe('exportArchive for ONNX and tfjs', () => {
  it.each([onnxTarget, tfjsTarget])('zips the $label files of a trained model', (target) => {
    const { file, weights } = exampleModelFile('mnist-conv');
    const text = modelFileText({ ...file, weights, createdAt: new Date(file.createdAt) });
    const archive = exportArchive(text, target.id, 'MNIST');
    expect(archive.name).toBe(`MNIST-${target.id}.zip`);
    expect(archive.bytes).toEqual(zipStore(target.write(exportGraph(file, weights)), `MNIST-${target.id}`));
  });
});
