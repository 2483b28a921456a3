/**
 * The kernel calls a replay does not record (docs/architecture.md, "The small end"): each
 * computes through the typed kernel and marks the recording failed, so a Program making any of
 * them keeps running through the kernel.
 */
import type { TypedKernel, TypedTensor } from './typedKernel';

export abstract class UnrecordedCalls {
  /** Why the recording cannot be replayed, or null while it can. */
  failed: string | null = null;

  constructor(protected readonly inner: TypedKernel) {}

  protected unsupported(call: string): void {
    this.failed ??= `the typed kernel's ${call}`;
  }

  batchMatmul(a: TypedTensor, b: TypedTensor, transA: boolean, transB: boolean) {
    this.unsupported('batchMatmul');
    return this.inner.batchMatmul(a, b, transA, transB);
  }
  transpose(x: TypedTensor, perm: readonly number[]) {
    this.unsupported('transpose');
    return this.inner.transpose(x, perm);
  }
  embed(w: TypedTensor, ids: TypedTensor) {
    this.unsupported('embed');
    return this.inner.embed(w, ids);
  }
  embedBack(ids: TypedTensor, d: TypedTensor, rows: number) {
    this.unsupported('embedBack');
    return this.inner.embedBack(ids, d, rows);
  }
  layerNorm(x: TypedTensor, eps: number) {
    this.unsupported('layerNorm');
    return this.inner.layerNorm(x, eps);
  }
  causalMask(x: TypedTensor) {
    this.unsupported('causalMask');
    return this.inner.causalMask(x);
  }
  conv2d: TypedKernel['conv2d'] = (x, w, g) => {
    this.unsupported('conv2d');
    return this.inner.conv2d(x, w, g);
  };
  conv2dBackInput: TypedKernel['conv2dBackInput'] = (d, w, xShape, g) => {
    this.unsupported('conv2dBackInput');
    return this.inner.conv2dBackInput(d, w, xShape, g);
  };
  conv2dBackFilter: TypedKernel['conv2dBackFilter'] = (x, d, wShape, g) => {
    this.unsupported('conv2dBackFilter');
    return this.inner.conv2dBackFilter(x, d, wShape, g);
  };
  maxPool: TypedKernel['maxPool'] = (x, p) => {
    this.unsupported('maxPool');
    return this.inner.maxPool(x, p);
  };
  maxPoolBack: TypedKernel['maxPoolBack'] = (x, d, p) => {
    this.unsupported('maxPoolBack');
    return this.inner.maxPoolBack(x, d, p);
  };
  maxPoolSelect: TypedKernel['maxPoolSelect'] = (x, e, p) => {
    this.unsupported('maxPoolSelect');
    return this.inner.maxPoolSelect(x, e, p);
  };
}
