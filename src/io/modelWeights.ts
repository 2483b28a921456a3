/**
 * Weights ↔ the model file's `weightsManifest` and `weightData`: float32 values, little-endian
 * whatever the host's byte order, one weight after another, as base64. Reading checks every
 * weight against its manifest entry (size, then finiteness) and names the weight it refuses.
 * The same code runs in Node and in the browser (./base64).
 */
import { shapeSize } from '../core/shape';
import { fromBase64, toBase64 } from './base64';
import type { NamedArray, WeightEntry } from './modelSchema';

/** The manifest's name for Adam's step counter, shared by the whole learner (learn/modelNames.ts). */
export const STEP_COUNT = 'optimizer/t';

export interface WeightIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * The index of the first value that is not finite, or −1. A plain loop: `findIndex` with a
 * callback took seconds over a 25 M-parameter model's values.
 */
export function firstNonFinite(data: Float32Array): number {
  for (let i = 0; i < data.length; i++) {
    const x = data[i];
    // x − x is 0 for every finite x, NaN for ±Infinity and NaN
    if (x - x !== 0) return i;
  }
  return -1;
}

export function encodeWeights(weights: readonly NamedArray[]): { manifest: WeightEntry[]; weightData: string } {
  const total = weights.reduce((n, w) => n + w.data.length, 0);
  const view = new DataView(new ArrayBuffer(total * 4));
  let at = 0;
  const manifest = weights.map((w) => {
    if (w.data.length !== shapeSize(w.shape)) {
      throw new Error(`'${w.name}' has ${w.data.length} values for shape [${w.shape.join(', ')}]`);
    }
    for (let i = 0; i < w.data.length; i++, at += 4) view.setFloat32(at, w.data[i], true);
    return { name: w.name, shape: [...w.shape], dtype: 'float32' as const, group: w.group };
  });
  return { manifest, weightData: toBase64(new Uint8Array(view.buffer)) };
}

export type DecodeResult = { ok: true; weights: NamedArray[] } | { ok: false; errors: WeightIssue[] };

/** Sizes are summed and compared before any array is made: a manifest cannot make us allocate. */
export function decodeWeights(manifest: readonly WeightEntry[], weightData: string): DecodeResult {
  const sizes = manifest.map((w) => shapeSize(w.shape));
  const expected = sizes.reduce((a, b) => a + b, 0) * 4;
  const decodedLength = Math.floor((weightData.length * 3) / 4) - (weightData.match(/=*$/)?.[0].length ?? 0);
  if (!Number.isSafeInteger(expected) || decodedLength !== expected) {
    return {
      ok: false,
      errors: [
        {
          path: 'weightData',
          message: `holds ${decodedLength} bytes, but the manifest's weights need ${expected} (4 bytes per float32)`,
        },
      ],
    };
  }
  const bytes = fromBase64(weightData);
  if (!bytes || bytes.length !== expected) {
    return { ok: false, errors: [{ path: 'weightData', message: 'is not valid base64' }] };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const errors: WeightIssue[] = [];
  let at = 0;
  const weights = manifest.map((w, k) => {
    const data = new Float32Array(sizes[k]);
    for (let i = 0; i < data.length; i++, at += 4) data[i] = view.getFloat32(at, true);
    const bad = firstNonFinite(data);
    if (bad >= 0) {
      errors.push({
        path: `weightsManifest[${k}]`,
        message: `weight '${w.name}' holds ${data[bad]} at index ${bad}; weights must be finite numbers`,
      });
    }
    return { name: w.name, shape: [...w.shape], group: w.group, data };
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, weights };
}
