/**
 * A conformance suite read from its folder (or from memory, as the suite's test builds it):
 * the manifest, and each case's model file text, inputs and expected answer by the paths the
 * manifest gives.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Answer, Manifest, ManifestCase, PredictInputs, StepInputs } from './format';

export interface SuiteReader {
  readonly manifest: Manifest;
  modelText(c: ManifestCase): string;
  inputs(c: ManifestCase): PredictInputs | StepInputs;
  expected(c: ManifestCase): Answer;
}

export function suiteFrom(read: (path: string) => string): SuiteReader {
  const manifest = JSON.parse(read('manifest.json')) as Manifest;
  return {
    manifest,
    modelText: (c) => read(c.model),
    inputs: (c) => JSON.parse(read(c.inputs)),
    expected: (c) => JSON.parse(read(c.expected)),
  };
}

export const suiteInFolder = (dir: string): SuiteReader => suiteFrom((path) => readFileSync(join(dir, path), 'utf8'));

export function suiteInMemory(files: ReadonlyMap<string, string>): SuiteReader {
  return suiteFrom((path) => {
    const text = files.get(path);
    if (text === undefined) throw new Error(`the suite has no file ${path}`);
    return text;
  });
}
