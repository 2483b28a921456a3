/**
 * The learner's box kinds: the boxes of the paper's supervised learning (§3) that are not
 * generators of the model — data and label inputs, the model's output, shared parameters, the
 * loss, the learning-rate cap α and the optimiser. They are data, like the core registry, so
 * the palette renders both the same way; `describeBox` answers for either.
 */

import { getGenerator, hasGenerator } from '../core';
import { normaliseConfig } from '../core/config';
import type { Config } from '../core/diagram';
import type { DrawHints, Family, Generator, PortSpec } from '../core/generator';
import { HYPER_NAMES, HYPERS, type HyperName, hyperRange, isHyperValue } from './hypers';
import { DEFAULT_INIT, INIT_KINDS } from './initialisers';
import { DEFAULT_LOSS, LOSS_KINDS } from './losses';
import { DEFAULT_OPTIMISER, OPTIMISER_KINDS, readers } from './optimisers';
import { type BoxConfigField, paraFields } from './para';

export type { BoxConfigField } from './para';
export type LearnerPaletteGroup = 'Data' | 'Losses' | 'Learning';
export type PaletteGroup = 'Structure' | 'Linear & Para' | 'Activations' | 'Shape' | 'Boolean' | LearnerPaletteGroup;

/** Core's shapes plus the learner's own, so each role is recognisable on the canvas. */
export interface BoxDrawHints extends Omit<DrawHints, 'shape'> {
  readonly shape: DrawHints['shape'] | 'data' | 'label' | 'output' | 'cap' | 'loss' | 'optimiser';
}

export interface BoxPorts {
  readonly inputs: readonly PortSpec[];
  readonly outputs: readonly PortSpec[];
}

export interface BoxKind {
  readonly id: string;
  readonly label: string;
  readonly group: LearnerPaletteGroup;
  readonly description: string;
  ports(config: Config): BoxPorts;
  readonly configFields: readonly BoxConfigField[];
  readonly draw: BoxDrawHints;
}

const fixed = (inputs: string[], outputs: string[]) => (): BoxPorts => ({
  inputs: inputs.map((name) => ({ name })),
  outputs: outputs.map((name) => ({ name })),
});
const shapeField: BoxConfigField = {
  key: 'shape',
  label: 'shape',
  kind: 'shape',
  min: 1,
  default: [],
  help: 'used only when no dataset is bound',
};

/** A hyper-parameter as a number field, with its table entry's range (open ends checked by `accepts`). */
function hyperField(name: HyperName, key: string = name, help?: string): BoxConfigField {
  const h = HYPERS[name];
  return {
    key,
    label: h.symbol,
    kind: 'number',
    min: h.min,
    ...(h.max !== undefined ? { max: h.max } : {}),
    default: h.default,
    ...(help ? { help } : {}),
    accepts: (v) => (isHyperValue(name, v) ? null : `must be a finite number, ${hyperRange(name)}`),
  };
}

/**
 * The optimiser box's fields: its kind, its learning rate (the one a run uses when the diagram
 * draws no learning-rate cap α, whose ε wins), then every other hyper-parameter.
 */
const optimiserFields: BoxConfigField[] = [
  { key: 'kind', label: 'optimiser', kind: 'enum', options: OPTIMISER_KINDS, default: DEFAULT_OPTIMISER },
  hyperField(
    'learningRate',
    'learningRate',
    'the learning rate, used when no learning-rate box α is drawn (α’s ε wins)',
  ),
  ...HYPER_NAMES.filter((n) => n !== 'learningRate').map((n) => hyperField(n, n, readers(n))),
];

const kinds: readonly BoxKind[] = [
  {
    id: 'input',
    label: 'data input',
    group: 'Data',
    description: "The features of each example; its shape is the bound dataset's feature shape.",
    ports: fixed([], ['x']),
    configFields: [shapeField],
    draw: { colour: '#0f766e', shape: 'data', symbol: 'x' },
  },
  {
    id: 'label',
    label: 'label input',
    group: 'Data',
    description: "The target of each example, fed to the loss; its shape is the dataset's label shape.",
    ports: fixed([], ['y']),
    configFields: [shapeField],
    draw: { colour: '#0e7490', shape: 'label', symbol: 'y' },
  },
  {
    id: 'output',
    label: 'model output',
    group: 'Data',
    description: 'Marks a wire as an output ŷ of the model (what prediction and accuracy read).',
    ports: fixed(['ŷ'], []),
    configFields: [],
    draw: { colour: '#0f766e', shape: 'output', symbol: 'ŷ' },
  },
  {
    id: 'parameter',
    label: 'parameter',
    group: 'Learning',
    description: 'A learnt parameter P; wiring it into several ports ties their weights.',
    ports: fixed([], ['W']),
    configFields: [
      { key: 'shape', label: 'shape', kind: 'shape', min: 1, default: [1], help: 'e.g. [4, 3] for linear 4→3' },
      { key: 'init', label: 'initialiser', kind: 'init', options: INIT_KINDS, default: DEFAULT_INIT },
    ],
    draw: { colour: '#2563eb', shape: 'triangle', symbol: 'P' },
  },
  {
    id: 'loss',
    label: 'loss',
    group: 'Losses',
    description: 'ℓ : B ⊗ B → L compares the prediction ŷ with the label y; its reverse starts the backward pass.',
    ports: fixed(['ŷ', 'y'], ['l']),
    configFields: [{ key: 'kind', label: 'loss', kind: 'enum', options: LOSS_KINDS, default: DEFAULT_LOSS }],
    draw: { colour: '#be123c', shape: 'loss', symbol: 'ℓ' },
  },
  {
    id: 'learning-rate',
    label: 'learning rate',
    group: 'Learning',
    description: 'The cap α : (L, L′) → (1, 1) whose backward map is the constant −ε.',
    ports: fixed(['l'], []),
    configFields: [hyperField('learningRate', 'epsilon')],
    draw: { colour: '#a16207', shape: 'cap', symbol: 'α' },
  },
  {
    id: 'optimiser',
    label: 'optimiser',
    group: 'Learning',
    description: 'The optimiser lens U applied to every parameter (gradient descent, momentum, Adam…).',
    ports: fixed([], []),
    configFields: optimiserFields,
    draw: { colour: '#4d7c0f', shape: 'optimiser', symbol: 'U' },
  },
];

const table = new Map(kinds.map((k) => [k.id, k]));

export const learnerBoxKinds = (): readonly BoxKind[] => kinds;
export const lookupBoxKind = (id: string): BoxKind | undefined => table.get(id);

const familyGroup: Record<Family, PaletteGroup> = {
  structure: 'Structure',
  linear: 'Linear & Para',
  activation: 'Activations',
  shape: 'Shape',
  convolution: 'Linear & Para',
  boolean: 'Boolean',
};

export interface BoxDescription extends Omit<BoxKind, 'group'> {
  readonly group: PaletteGroup;
  readonly source: 'core' | 'learner';
}

/** The editor may hold a partial or half-typed config; port names come from a valid one. */
function withDefaults(gen: Generator, config: Config): Config {
  try {
    return normaliseConfig(gen, config);
  } catch {
    return normaliseConfig(gen, {});
  }
}

/** Ports, config fields and draw hints of a core generator or a learner kind; undefined if neither. */
export function describeBox(generatorId: string): BoxDescription | undefined {
  const kind = table.get(generatorId);
  if (kind) return { ...kind, source: 'learner' };
  if (!hasGenerator(generatorId)) return undefined;
  const gen = getGenerator(generatorId);
  return {
    id: gen.id,
    label: gen.label,
    group: familyGroup[gen.family],
    description: gen.description,
    ports: (config) => gen.ports(withDefaults(gen, config)),
    configFields: [...gen.configFields, ...paraFields(gen)],
    draw: gen.draw,
    source: 'core',
  };
}
