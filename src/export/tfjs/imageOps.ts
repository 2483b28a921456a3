/**
 * The tfjs graph-model op table's images (docs/export.md, "tfjs graph model"): convolutions,
 * batch statistics and pooling. Images are NHWC and filters [kh, kw, c, o] in both Lensboard
 * and TensorFlow, so a correlation is one Conv2D with its geometry as attributes.
 */
import { geometryOf, isValidGeometry, poolOf } from '../../core/convGeometry';
import type { Config } from '../../core/diagram';
import { ExportError, type ExportNode } from '../graph';
import { type OpTable, refused } from '../opTable';
import { FLOAT, intList, type TfAttr, type TfBuilder, text } from './builder';

export type TfEntry = (b: TfBuilder, n: ExportNode) => void;

/** The attributes of an op on float32 tensors. */
export const T = { T: FLOAT };

const VALID = { padding: text('VALID'), data_format: text('NHWC') };
const unit = { strides: intList([1, 1, 1, 1]), dilations: intList([1, 1, 1, 1]) };

/** Conv2D's attributes for a correlation's geometry: explicit padding, strides, dilations (NHWC). */
function convAttrs(c: Config): Record<string, TfAttr> {
  const g = geometryOf('correlate2d', c);
  if (isValidGeometry(g)) return { ...VALID, ...unit };
  if (g.groups !== 1)
    throw new ExportError([`correlate2d with ${g.groups} groups: tfjs graph models' Conv2D has no groups`]);
  if (g.strides.some((s) => s !== 1) && g.dilations.some((d) => d !== 1))
    throw new ExportError(['correlate2d with both stride and dilation: the Conv2D of tfjs takes one or the other']);
  const [t, b, l, r] = g.pads;
  return {
    padding: text('EXPLICIT'),
    explicit_paddings: intList([0, 0, t, b, l, r, 0, 0]),
    data_format: text('NHWC'),
    strides: intList([1, ...g.strides, 1]),
    dilations: intList([1, ...g.dilations, 1]),
  };
}

/** The transposes of a correlation are exported for the valid geometry only (docs/export.md). */
function validOnly(c: Config, gen: string): void {
  if (!isValidGeometry(geometryOf(gen, c)))
    throw new ExportError([`${gen} with padding, stride, dilation or groups has no tfjs graph form here`]);
}

export const TFJS_IMAGE_OPS: OpTable<TfEntry> = {
  // convolution
  correlate2d: (b, n) =>
    void b.op('Conv2D', [n.inputs[1], n.inputs[0]], n.outputs[0], { T: FLOAT, ...convAttrs(n.config) }),
  conv2dBackInput: (b, n) => {
    validOnly(n.config, 'conv2dBackInput');
    const [w, d] = n.inputs;
    const shape = b.batchShape(n.outputTypes[0].shape);
    b.op('Conv2DBackpropInput', [shape, w, d], n.outputs[0], { T: FLOAT, ...VALID, ...unit });
  },
  conv2dBackFilter: refused('tfjs graph models have no Conv2DBackpropFilter op'),
  channelMean: refused('batch statistics are a training-time map; a tfjs graph model here predicts example by example'),
  batchNorm: refused('batch statistics are a training-time map; a tfjs graph model here predicts example by example'),
  maxPool2d: (b, n) => {
    const { k, stride, pads } = poolOf('maxPool2d', n.config);
    if (pads.some((v) => v > 0))
      throw new ExportError(['maxPool2d with padding: the MaxPool of tfjs graph models pads only as SAME']);
    b.op('MaxPool', n.inputs, n.outputs[0], {
      T: FLOAT,
      ...VALID,
      ksize: intList([1, k, k, 1]),
      strides: intList([1, stride, stride, 1]),
    });
  },
  maxPoolBack: refused('tfjs graph models have no op that routes a change back to the argmax of each window'),
  maxPoolSelect: refused('tfjs graph models have no op that reads a second tensor at the argmax of each window'),
};
