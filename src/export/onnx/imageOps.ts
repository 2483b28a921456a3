/**
 * The ONNX op table's images (docs/export.md, "ONNX"): convolutions, batch statistics and
 * pooling. Lensboard's images are NHWC with filters [kh, kw, c, o]; ONNX's Conv and MaxPool are
 * NCHW with filters [o, c, kh, kw], so these entries transpose on the way in and out.
 */
import { geometryOf, isValidGeometry, poolOf } from '../../core/convGeometry';
import type { Config } from '../../core/diagram';
import type { WireType } from '../../core/wire';
import { ExportError } from '../graph';
import { type OpTable, refused } from '../opTable';
import { int, ints, type OnnxBuilder, type OnnxEntry, transpose } from './builder';
import type { OnnxAttribute } from './model';

const NHWC_TO_NCHW = [0, 3, 1, 2];
const NCHW_TO_NHWC = [0, 2, 3, 1];
/** [kh, kw, c, o] → [o, c, kh, kw]. */
const FILTER_TO_OIHW = [3, 2, 0, 1];

const nchw = (b: OnnxBuilder, x: string) => transpose(b, x, NHWC_TO_NCHW, 'nchw');
const toNhwc = (b: OnnxBuilder, x: string, out: string) => b.op('Transpose', [x], [out], [ints('perm', NCHW_TO_NHWC)]);

/** ReduceMean's attributes over the batch and every axis but the last (opset 17 takes axes as an attribute). */
const channelAxes = (t: WireType): OnnxAttribute[] => [
  ints(
    'axes',
    Array.from({ length: t.shape.length }, (_, i) => i),
  ),
  int('keepdims', 1),
];

/** Conv's attributes for a correlation's geometry (ONNX pads: top, left, bottom, right); none when valid. */
function convAttributes(c: Config): OnnxAttribute[] {
  const g = geometryOf('correlate2d', c);
  const [t, bottom, l, r] = g.pads;
  return [
    ...(g.pads.some((p) => p !== 0) ? [ints('pads', [t, l, bottom, r])] : []),
    ...(g.strides.some((s) => s !== 1) ? [ints('strides', [...g.strides])] : []),
    ...(g.dilations.some((d) => d !== 1) ? [ints('dilations', [...g.dilations])] : []),
    ...(g.groups !== 1 ? [int('group', g.groups)] : []),
  ];
}

/** The transposes of a correlation are exported for the valid geometry only (docs/export.md). */
function validOnly(c: Config, gen: string): void {
  if (!isValidGeometry(geometryOf(gen, c)))
    throw new ExportError([
      `${gen} with padding, stride, dilation or groups has no ONNX form here; its forward correlate2d has`,
    ]);
}

export const ONNX_IMAGE_OPS: OpTable<OnnxEntry> = {
  // convolution
  correlate2d: (b, n) => {
    const [w, x] = n.inputs;
    const filter = transpose(b, w, FILTER_TO_OIHW, 'filter_oihw');
    toNhwc(b, b.value('Conv', [nchw(b, x), filter], 'conv_nchw', convAttributes(n.config)), n.outputs[0]);
  },
  conv2dBackInput: (b, n) => {
    validOnly(n.config, 'conv2dBackInput');
    const [w, d] = n.inputs;
    const filter = transpose(b, w, FILTER_TO_OIHW, 'filter_oihw');
    toNhwc(b, b.value('ConvTranspose', [nchw(b, d), filter], 'convT_nchw'), n.outputs[0]);
  },
  // The filter's change Σ_b x[b, i+p, j+q, c]·d[b, i, j, o] is a correlation over the batch as channels.
  conv2dBackFilter: (b, n) => {
    validOnly(n.config, 'conv2dBackFilter');
    const [x, d] = n.inputs;
    const xs = transpose(b, x, [3, 0, 1, 2], 'x_cbhw');
    const ds = transpose(b, d, [3, 0, 1, 2], 'd_obhw');
    const cohw = b.value('Conv', [xs, ds], 'filter_cohw');
    b.op('Transpose', [cohw], n.outputs, [ints('perm', [2, 3, 0, 1])]);
  },
  // batch statistics: per-channel means over the batch and every position (keepdims, so they broadcast back)
  channelMean: (b, n) => {
    const x = n.inputs[0];
    const mean = b.value('ReduceMean', [x], 'channel_mean', channelAxes(n.inputTypes[0]));
    b.op('Expand', [mean, b.value('Shape', [x], 'shape')], n.outputs);
  },
  batchNorm: (b, n) => {
    const x = n.inputs[0];
    const axes = channelAxes(n.inputTypes[0]);
    const centred = b.value('Sub', [x, b.value('ReduceMean', [x], 'mean', axes)], 'centred');
    const variance = b.value('ReduceMean', [b.value('Mul', [centred, centred], 'squares')], 'variance', axes);
    const sd = b.value(
      'Sqrt',
      [b.value('Add', [variance, b.scalar('epsilon', n.config.epsilon as number)], 'shifted')],
      'sd',
    );
    b.op('Div', [centred, sd], n.outputs);
  },
  maxPool2d: (b, n) => {
    const p = poolOf('maxPool2d', n.config);
    const [t, bottom, l, r] = p.pads;
    const pooled = b.value('MaxPool', [nchw(b, n.inputs[0])], 'pool_nchw', [
      ints('kernel_shape', [p.k, p.k]),
      ints('strides', [p.stride, p.stride]),
      ...(p.pads.some((v) => v > 0) ? [ints('pads', [t, l, bottom, r])] : []),
    ]);
    toNhwc(b, pooled, n.outputs[0]);
  },
  maxPoolBack: refused('ONNX has no op that routes a change back to the argmax of each window'),
  maxPoolSelect: refused('ONNX has no op that reads a second tensor at the argmax of each window'),
};
