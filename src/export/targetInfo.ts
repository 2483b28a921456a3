/**
 * What a user reads of each export target, without its writer: the app's Export to… menu lists
 * these, so the writers (targets.ts and the folders beside it) load only when one is picked.
 */
export interface ExportTargetInfo {
  /** What `--to` takes: `pytorch`. */
  readonly id: string;
  /** What a user reads: `PyTorch`. */
  readonly label: string;
  /** One line for `--help`. */
  readonly summary: string;
}

export const PYTORCH_INFO: ExportTargetInfo = {
  id: 'pytorch',
  label: 'PyTorch',
  summary: 'model.py (an nn.Module), weights.safetensors, train.py (DistributedDataParallel)',
};

export const ONNX_INFO: ExportTargetInfo = {
  id: 'onnx',
  label: 'ONNX',
  summary: 'model.onnx (opset 17): the forward model with its trained weights, for ONNX Runtime',
};

export const TFJS_INFO: ExportTargetInfo = {
  id: 'tfjs',
  label: 'tfjs graph model',
  summary: 'model.json + weight shards: the forward model for tf.loadGraphModel in any tfjs app',
};

/** In the order of EXPORT_TARGETS (targets.ts); a test keeps the two lists alike. */
export const EXPORT_TARGET_INFO: readonly ExportTargetInfo[] = [PYTORCH_INFO, ONNX_INFO, TFJS_INFO];
