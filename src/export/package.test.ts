/** The app's archive of a model file: the target's files, byte for byte, in one folder. */
import { describe, expect, it } from 'vitest';
import { modelFileText } from '../io/modelWrite';
import { exampleModelFile } from '../testing/exportModels';
import { exportGraph } from './graph';
import { exportArchive } from './package';
import { pytorchTarget } from './pytorch/index';
import { zipStore } from './zip';

describe('exportArchive', () => {
  it('zips what the target writes for the model file, in a folder named after the archive', () => {
    const { file, weights } = exampleModelFile('xor');
    const text = modelFileText({ ...file, weights, createdAt: new Date(file.createdAt) });
    const archive = exportArchive(text, 'pytorch', 'XOR');
    expect(archive.name).toBe('XOR-pytorch.zip');
    const files = pytorchTarget.write(exportGraph(file, weights));
    expect(archive.bytes).toEqual(zipStore(files, 'XOR-pytorch'));
  });

  it('refuses a file that is not a model, naming what is wrong', () => {
    expect(() => exportArchive('{"format": "lensboard-model"}', 'pytorch', 'x')).toThrow(/formatVersion|format/);
  });
});
