/**
 * What the editor needs to draw a box, looked up by its generator id: ports, config fields,
 * draw hints and a line of description. Core generators and learner kinds both answer through
 * the learner's `describeBox`; group instances through the document's groups. Meaning stays there.
 */
import type { Config } from '../../core/diagram';
import type { PortSpec } from '../../core/generator';
import type { GroupDoc, LensDocument } from '../../io/document';
import { type BoxConfigField, type BoxDrawHints, describeBox, type PaletteGroup } from '../../kinds/boxKinds';

export type BoxKind = 'core' | 'learner' | 'group' | 'unknown';

export interface BoxDescription {
  readonly generator: string;
  readonly kind: BoxKind;
  readonly label: string;
  readonly description: string;
  readonly group: PaletteGroup | 'My boxes' | null;
  readonly configFields: readonly BoxConfigField[];
  readonly inputs: readonly PortSpec[];
  readonly outputs: readonly PortSpec[];
  readonly draw: BoxDrawHints;
}

const unknownDraw: BoxDrawHints = { colour: '#991b1b', shape: 'box', symbol: '?' };

export function describeGenerator(generator: string, config: Config = {}): BoxDescription {
  const d = describeBox(generator);
  if (!d) {
    return {
      generator,
      kind: 'unknown',
      label: generator,
      description: `unknown generator '${generator}'`,
      group: null,
      configFields: [],
      inputs: [],
      outputs: [],
      draw: unknownDraw,
    };
  }
  let ports: { inputs: readonly PortSpec[]; outputs: readonly PortSpec[] } = { inputs: [], outputs: [] };
  try {
    ports = d.ports(config);
  } catch {
    // a config the port rule cannot read: no ports drawn; the compiler reports the config.
  }
  return {
    generator,
    kind: d.source,
    label: d.label,
    description: d.description,
    group: d.group,
    configFields: d.configFields,
    ...ports,
    draw: d.draw,
  };
}

export function describeGroup(group: GroupDoc): BoxDescription {
  return {
    generator: `group:${group.template ?? group.id}`,
    kind: 'group',
    label: group.name,
    description: 'A sub-diagram (Para box); double-click to enter it.',
    group: 'My boxes',
    configFields: [],
    inputs: group.inputs.map((p) => ({ name: p.name })),
    outputs: group.outputs.map((p) => ({ name: p.name })),
    draw: { colour: '#334155', shape: 'box', symbol: '▣' },
  };
}

export function withDefaults(fields: readonly BoxConfigField[], config: Config): Config {
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f.key] = f.default;
  return { ...out, ...config };
}

/** The description of any node id in the document: a box or a group. */
export function describeNode(doc: LensDocument, id: string): BoxDescription | null {
  const box = doc.boxes.find((b) => b.id === id);
  if (box) return describeGenerator(box.generator, box.config);
  const group = doc.groups.find((g) => g.id === id);
  return group ? describeGroup(group) : null;
}
