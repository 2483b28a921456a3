/**
 * The runtimes `npm run conformance -- --runtime <name>` runs, each loaded only when asked for:
 * the PyTorch one needs Debian's torch, the numpy one Debian's numpy, the ONNX one onnxruntime-node.
 */
import type { Runtime } from './runtime';

export const RUNTIMES: Readonly<Record<string, { readonly summary: string; load(): Promise<Runtime> }>> = {
  lensboard: {
    summary: "Lensboard's loadModel and trainer (float32 typed arrays)",
    load: async () => (await import('./lensboardRuntime')).lensboardRuntime,
  },
  pytorch: {
    summary: "the PyTorch export, run by /usr/bin/python3's torch in float64",
    load: async () => (await import('./pytorchRuntime')).pytorchRuntime,
  },
  numpy: {
    summary:
      'conformance/numpy/, an independent runtime written in numpy from the docs alone (/usr/bin/python3, float64)',
    load: async () => (await import('./numpyRuntime')).numpyRuntime,
  },
  onnx: {
    summary: 'the ONNX export, run by onnxruntime-node (float32, CPU)',
    load: async () => (await import('./onnxRuntime')).onnxRuntime,
  },
};

export const RUNTIME_NAMES = Object.keys(RUNTIMES);
