/**
 * The Lensboard document an ONNX import draws (docs/export.md, "Import back"): boxes placed
 * left to right in the file's node order with their parameters above them, as the gallery draws
 * its examples, wires by port name, and the weights under the names the compiler gives
 * parameters (`<parameter box>.W`). Values of the ONNX graph are tracked as wires with the
 * layout Lensboard holds them in (see `Value`).
 */
import type { Config } from '../../../core/diagram';
import { getGenerator } from '../../../core/generators/index';
import type { BoxDoc, WireDoc } from '../../../io/document';
import type { NamedArray } from '../../../io/modelSchema';

/**
 * An ONNX value as a Lensboard wire. `shape` is Lensboard's feature shape (no batch axis).
 * `layout`: `plain` when Lensboard holds the ONNX tensor as it is; `nhwc` for an ONNX NCHW
 * image held as [h, w, c]; `perm` for a vector whose entry j is the ONNX entry `perm[j]` (an
 * NHWC image flattened), which the next layer's weights absorb. `masked`: the value of a Where
 * that puts −∞ above the diagonal (PyTorch's `masked_fill` of a causal mask), not drawn: the
 * Softmax reading it is drawn causal, and any other reader is refused.
 */
export interface Value {
  readonly box: string;
  readonly port: string;
  readonly shape: readonly number[];
  readonly layout: 'plain' | 'nhwc' | { readonly perm: readonly number[] };
  readonly masked?: 'causal';
}

const safeId = (s: string): string => {
  const id = s.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 56);
  return id.length > 0 ? id : 'box';
};

export class Drawing {
  readonly boxes: BoxDoc[] = [];
  readonly wires: WireDoc[] = [];
  readonly weights: NamedArray[] = [];
  private readonly ids = new Set<string>();
  /** The parameter drawn for each initialiser, by the initialiser's ONNX name, with the values it holds. */
  private readonly drawn = new Map<string, { value: Value; data: Float32Array }>();
  private column = 0;

  /** Per base id, the suffix below which every `base_k` is taken: names sharing their first 56 characters stay linear. */
  private readonly nextSuffix = new Map<string, number>();

  /** The base id if free, else the first free `base_k` (k = 2, 3, …); ids are never given back. */
  private claim(wanted: string): string {
    const base = safeId(wanted);
    let k = this.nextSuffix.get(base) ?? 1;
    let id = k === 1 ? base : `${base}_${k}`;
    while (this.ids.has(id)) id = `${base}_${++k}`;
    this.nextSuffix.set(base, k);
    this.ids.add(id);
    return id;
  }

  /** A box of `gen` reading `inputs` in port order; its outputs as values of the given shapes. */
  box(
    gen: string,
    config: Config,
    name: string,
    inputs: readonly (Value | undefined)[],
    label?: string,
  ): { id: string; out: (k: number, shape: readonly number[], layout?: Value['layout']) => Value } {
    const id = this.claim(name);
    const ports = getGenerator(gen).ports(config);
    const x = 190 * ++this.column;
    this.boxes.push({ id, generator: gen, config, position: { x, y: 220 }, ...(label ? { label } : {}) });
    inputs.forEach((v, k) => {
      if (v) this.wire(v, id, ports.inputs[k].name);
    });
    return {
      id,
      out: (k, shape, layout = 'plain') => ({ box: id, port: ports.outputs[k].name, shape, layout }),
    };
  }

  /**
   * A parameter box above the box drawn last, holding `data` (float32, row-major `shape`). Read
   * from the initialiser `source`, it is drawn once: a later node reading that initialiser in the
   * same form is wired to the same box (one weight, copied to both uses, as a tied weight is
   * drawn). A node reading it in another form (transposed, scaled, permuted for a flattened
   * image) gets a box of its own, which predicts the same but trains apart.
   */
  param(name: string, shape: readonly number[], data: Float32Array, source?: string): Value {
    const tied = source ? this.drawn.get(source) : undefined;
    if (tied && tied.value.shape.join() === shape.join() && tied.data.every((v, i) => Object.is(v, data[i]))) {
      return tied.value;
    }
    const value = this.newParam(name, shape, data);
    if (source && !tied) this.drawn.set(source, { value, data });
    return value;
  }

  private newParam(name: string, shape: readonly number[], data: Float32Array): Value {
    const id = this.claim(name);
    this.boxes.push({
      id,
      generator: 'parameter',
      // What "New random weights" draws (the imported values are what Reset goes back to):
      // Glorot for a matrix or a filter, zeros for a bias.
      config: { shape: [...shape], init: { kind: shape.length > 1 ? 'glorot-uniform' : 'zeros' } },
      position: { x: 190 * (this.column + 1), y: 70 },
    });
    this.weights.push({ name: `${id}.W`, shape: [...shape], group: 'model', data });
    return { box: id, port: 'W', shape, layout: 'plain' };
  }

  /** A learner box (input, output) at either end of the row. */
  role(generator: 'input' | 'output', name: string, label: string): string {
    const id = this.claim(name);
    const x = generator === 'input' ? 0 : 190 * ++this.column;
    this.boxes.push({ id, generator, config: {}, position: { x, y: 220 }, label });
    return id;
  }

  wire(from: Value, box: string, port: string): void {
    this.wires.push({ id: `w${this.wires.length + 1}`, from: { box: from.box, port: from.port }, to: { box, port } });
  }
}
