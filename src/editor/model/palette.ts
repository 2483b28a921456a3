/**
 * The palette as data (as CatColab's theories): one entry per generator of the registry and per
 * learner box kind, in named groups, each with its signature and one line on what it is. The
 * palette UI only renders this list.
 */

import { allGenerators } from '../../core';
import type { GroupDoc } from '../../io/document';
import { learnerBoxKinds } from '../../kinds/boxKinds';
import { signatureWords } from '../../learn/explain/plainWords';
import { describeGenerator } from './boxInfo';
import { BLOCK_ENTRY, BUILT_IN_DESCRIPTION, builtInBoxes } from './builtInBoxes';
import { savedTemplates } from './group';
import type { SavedBox } from './library';
import { printSignature, type Signature, signatureOf } from './signature';

export const PALETTE_GROUPS = [
  'Structure',
  'Linear & Para',
  'Activations',
  'Shape',
  'Losses',
  'Learning',
  'Boolean',
  'Data',
  'Library',
  'My boxes',
] as const;
export type PaletteGroup = (typeof PALETTE_GROUPS)[number];

export interface PaletteEntry {
  readonly key: string;
  readonly group: PaletteGroup;
  readonly name: string;
  readonly generator: string;
  readonly config: Readonly<Record<string, unknown>>;
  readonly signature: string;
  /** The same signature in plain words (docs/notation.md): `in inputs → out outputs, in×out weights`. */
  readonly plainSignature: string;
  readonly signatureData: Signature | null;
  readonly description: string;
  readonly symbol: string;
  readonly colour: string;
  /** For "My boxes": the template to place. */
  readonly template?: string;
}

function coreEntries(): PaletteEntry[] {
  return allGenerators().map((g) => {
    const sig = signatureOf(g);
    const group = describeGenerator(g.id).group ?? 'Structure';
    return {
      key: g.id,
      group: group as PaletteGroup,
      name: g.label,
      generator: g.id,
      config: {},
      signature: sig ? printSignature(sig) : '',
      plainSignature: sig ? signatureWords(sig.dom, sig.cod, sig.params, sig.names) : '',
      signatureData: sig,
      description: g.description,
      symbol: g.draw.symbol,
      colour: g.draw.colour,
    };
  });
}

const portList = (ports: readonly { name: string }[]) => ports.map((p) => p.name).join(' ⊗ ') || 'I';
/** Ports by name in words: `ŷ and y`, or nothing. */
const portWords = (ports: readonly { name: string }[]) => ports.map((p) => p.name).join(' and ') || 'nothing';

function learnerEntries(): PaletteEntry[] {
  return learnerBoxKinds().flatMap((k): PaletteEntry[] => {
    const { inputs, outputs } = k.ports({});
    const base = {
      generator: k.id,
      signature: `${portList(inputs)} → ${portList(outputs)}`,
      plainSignature: `${portWords(inputs)} → ${portWords(outputs)}`,
      signatureData: null,
      description: k.description,
      symbol: k.draw.symbol,
      colour: k.draw.colour,
    };
    if (k.id !== 'loss') return [{ ...base, key: k.id, group: k.group, name: k.label, config: {} }];
    const kinds = k.configFields.find((f) => f.key === 'kind')?.options ?? [];
    return kinds.map((kind) => ({
      ...base,
      key: `loss:${kind}`,
      group: k.group,
      name: `${kind} loss`,
      config: { kind },
    }));
  });
}

let fixed: PaletteEntry[] | null = null;

function savedEntry(
  key: string,
  g: GroupDoc,
  group: PaletteGroup = 'My boxes',
  description = 'A saved sub-diagram (Para box).',
): PaletteEntry {
  return {
    key: `group:${key}`,
    group,
    name: g.name,
    generator: `group:${key}`,
    config: {},
    signature: `${portList(g.inputs)} → ${portList(g.outputs)}`,
    plainSignature: `${portWords(g.inputs)} → ${portWords(g.outputs)}`,
    signatureData: null,
    description,
    symbol: '▣',
    colour: '#334155',
    template: key,
  };
}

/** The library's ready-made groups (builtInBoxes.ts): placing one asks its shape first. */
function libraryEntries(): PaletteEntry[] {
  return builtInBoxes().flatMap((b) => {
    const top = b.fragment.groups.find((g) => g.template === b.key);
    if (!top) return [];
    return [savedEntry(BLOCK_ENTRY, { ...top, name: 'Transformer block' }, 'Library', BUILT_IN_DESCRIPTION)];
  });
}

/** Every entry: the registry's, the learner's, the library's, then "My boxes" (saved ones and this document's groups). */
export function paletteEntries(groups: readonly GroupDoc[], library: readonly SavedBox[] = []): PaletteEntry[] {
  fixed ??= [...coreEntries(), ...learnerEntries(), ...libraryEntries()];
  const mine = new Map<string, PaletteEntry>();
  for (const b of library) {
    const top = b.fragment.groups.find((g) => g.template === b.key);
    if (top) mine.set(b.key, savedEntry(b.key, { ...top, name: b.name }));
  }
  for (const g of savedTemplates(groups)) {
    const key = g.template ?? g.id;
    if (!mine.has(key)) mine.set(key, savedEntry(key, g));
  }
  return [...fixed, ...mine.values()];
}
