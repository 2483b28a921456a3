/**
 * Where each training setting lives, so that the diagram stays the truth: a drawn loss,
 * learning-rate or optimiser box holds its own setting (the panel edits that box's config); what
 * the diagram does not draw lives in the document's `training` settings. The learning rate a
 * run uses is the learning-rate box's ε when one is drawn (learn/settings.ts), else the
 * optimiser's.
 */
import type { LossKind } from '../../compile/types';
import type { LensDocument } from '../../io/document';
import { DEFAULT_LOSS } from '../../learn/losses/index';
import {
  DEFAULT_OPTIMISER,
  getOptimiser,
  HYPERS,
  type HyperName,
  type OptimiserKind,
} from '../../learn/optimisers/index';

/** A setting's home: a drawn box's config key, or a field of the document's training settings. */
export type SettingHome =
  | { readonly where: 'box'; readonly box: string; readonly key: string; readonly label: string }
  | { readonly where: 'training' };

const boxOf = (doc: LensDocument, generator: string) => doc.boxes.find((b) => b.generator === generator);

const boxLabel = (doc: LensDocument, generator: string): string => {
  const b = boxOf(doc, generator);
  return b ? (b.label ?? `${generator} (${b.id})`) : generator;
};

export function lossHome(doc: LensDocument): SettingHome {
  const b = boxOf(doc, 'loss');
  return b ? { where: 'box', box: b.id, key: 'kind', label: boxLabel(doc, 'loss') } : { where: 'training' };
}

export function optimiserHome(doc: LensDocument): SettingHome {
  const b = boxOf(doc, 'optimiser');
  return b ? { where: 'box', box: b.id, key: 'kind', label: boxLabel(doc, 'optimiser') } : { where: 'training' };
}

/** The learning rate's home: the learning-rate box's ε, else the optimiser box's, else training. */
export function learningRateHome(doc: LensDocument): SettingHome {
  const cap = boxOf(doc, 'learning-rate');
  if (cap) return { where: 'box', box: cap.id, key: 'epsilon', label: boxLabel(doc, 'learning-rate') };
  const opt = boxOf(doc, 'optimiser');
  if (opt) return { where: 'box', box: opt.id, key: 'learningRate', label: boxLabel(doc, 'optimiser') };
  return { where: 'training' };
}

/** A hyper-parameter other than the learning rate: the optimiser box's, else training's. */
export function hyperHome(doc: LensDocument, name: HyperName): SettingHome {
  const opt = boxOf(doc, 'optimiser');
  return opt ? { where: 'box', box: opt.id, key: name, label: boxLabel(doc, 'optimiser') } : { where: 'training' };
}

const config = (doc: LensDocument, home: SettingHome): Readonly<Record<string, unknown>> | undefined =>
  home.where === 'box' ? doc.boxes.find((b) => b.id === home.box)?.config : undefined;

export function lossKind(doc: LensDocument): LossKind {
  const home = lossHome(doc);
  const v = home.where === 'box' ? config(doc, home)?.kind : doc.training?.loss;
  return (v as LossKind | undefined) ?? DEFAULT_LOSS;
}

export function optimiserKind(doc: LensDocument): OptimiserKind {
  const home = optimiserHome(doc);
  const v = home.where === 'box' ? config(doc, home)?.kind : doc.training?.optimiser?.kind;
  return (v as OptimiserKind | undefined) ?? DEFAULT_OPTIMISER;
}

export function hyperValue(doc: LensDocument, name: HyperName): number {
  const home = name === 'learningRate' ? learningRateHome(doc) : hyperHome(doc, name);
  const v = home.where === 'box' ? config(doc, home)?.[home.key] : doc.training?.optimiser?.[name];
  return typeof v === 'number' ? v : HYPERS[name].default;
}

/** The hyper-parameters the document's optimiser reads, learning rate first. */
export function hypersShown(doc: LensDocument): readonly HyperName[] {
  return getOptimiser(optimiserKind(doc)).hypers;
}

/** The step sizes a class changes, in view; the others (Adam's β₂, the stability δ) folded away. */
const IN_VIEW: ReadonlySet<HyperName> = new Set(['learningRate', 'momentum', 'beta1']);

/** The optimiser's hyper-parameters split, in their order: those shown in view, and those folded. */
export function hypersFolded(names: readonly HyperName[]): [HyperName[], HyperName[]] {
  return [names.filter((n) => IN_VIEW.has(n)), names.filter((n) => !IN_VIEW.has(n))];
}

/** The edit of one setting: a box's config value, or a patch of the training settings. */
export type SettingEdit =
  | { readonly where: 'box'; readonly box: string; readonly key: string; readonly value: unknown }
  | { readonly where: 'training'; readonly patch: Readonly<Record<string, unknown>> };

export function editLoss(doc: LensDocument, kind: LossKind): SettingEdit {
  const home = lossHome(doc);
  return home.where === 'box'
    ? { where: 'box', box: home.box, key: home.key, value: kind }
    : { where: 'training', patch: { loss: kind } };
}

export function editOptimiser(doc: LensDocument, kind: OptimiserKind): SettingEdit {
  const home = optimiserHome(doc);
  if (home.where === 'box') return { where: 'box', box: home.box, key: home.key, value: kind };
  const lr = hyperValue(doc, 'learningRate');
  return { where: 'training', patch: { optimiser: { ...doc.training?.optimiser, kind, learningRate: lr } } };
}

export function editHyper(doc: LensDocument, name: HyperName, value: number): SettingEdit {
  const home = name === 'learningRate' ? learningRateHome(doc) : hyperHome(doc, name);
  if (home.where === 'box') return { where: 'box', box: home.box, key: home.key, value };
  const optimiser = {
    kind: optimiserKind(doc),
    learningRate: hyperValue(doc, 'learningRate'),
    ...doc.training?.optimiser,
  };
  return { where: 'training', patch: { optimiser: { ...optimiser, [name]: value } } };
}
