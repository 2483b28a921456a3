/** The gallery's examples as model files, for the exporters' tests (weights: their initialisers). */
import { documentModelFile, type ModelFileParts } from '../export/fromDocument';
import { loadExample } from '../io/examples/index';

export const exampleModelFile = (id: string): ModelFileParts => documentModelFile(loadExample(id));
