/**
 * The PyTorch target (docs/export.md): a package of model.py (the diagram as an nn.Module),
 * weights.safetensors (the trained parameters) and train.py (Lensboard's loss, optimiser and
 * batch size, with DistributedDataParallel), a README naming the data, and preparation.json
 * (how raw rows become the model's input) when the model file records one.
 */
import { PYTORCH_INFO } from '../targetInfo';
import type { ExportTarget } from '../targets';
import { modelPy } from './modelPy';
import { packageDescription } from './preparationJson';
import { readmeMd } from './readme';
import { encodeSafetensors } from './safetensors';
import { trainPy } from './trainPy';

export const pytorchTarget: ExportTarget = {
  ...PYTORCH_INFO,
  write(graph) {
    const model = modelPy(graph);
    const train = trainPy(graph);
    const described = packageDescription(graph.training);
    return [
      { path: 'model.py', data: model.text },
      {
        path: 'weights.safetensors',
        data: encodeSafetensors([...graph.weights, ...graph.optimiserState], { format: 'pt', generator: 'Lensboard' }),
      },
      { path: 'train.py', data: train },
      { path: 'README.md', data: readmeMd(graph) },
      ...(described ? [{ path: 'preparation.json', data: `${JSON.stringify(described, null, 2)}\n` }] : []),
    ];
  },
};
