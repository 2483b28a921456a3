/** The gallery's examples as model files, for the exporters' tests (weights: their initialisers). */

import { loadExample } from '../io/examples/index';
import { documentModelFile, type ModelFileParts } from '../model/documentModelFile';

export const exampleModelFile = (id: string): ModelFileParts => documentModelFile(loadExample(id));
