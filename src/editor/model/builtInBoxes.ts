/**
 * The palette's library of ready-made Para groups (docs/transformer.md): the transformer block,
 * drawn by the gallery's builder at the shape it is placed at. Choosing it asks its context,
 * width and heads (BlockDialog.tsx), proposed from where it goes (blockShape.ts); each shape is
 * a template of its own, `transformer-T-C-H`, placed as a saved box is, so a second copy of one
 * shape asks whether to share its parameters.
 */
import { type BlockShape, DocumentDrawing, drawBlock } from '../../io/examples/transformer';
import { FRAGMENT_FORMAT } from './fragment';
import type { SavedBox } from './library';

/** The shape the palette's entry stands for, and the dialog proposes when nothing else does. */
export const DEFAULT_BLOCK: BlockShape = { context: 32, width: 32, heads: 2 };

/** The largest context, width and heads a placed block may take. */
export const BLOCK_LIMITS = { context: 4096, width: 8192, heads: 128 } as const;

export const BUILT_IN_DESCRIPTION =
  'A pre-norm transformer block on [T, C]: causal self-attention (Q, K, V, heads as parallel wires, output projection) and an MLP C → 4C GELU → C, each after a layer norm, each with a residual copy and add. Placing it asks its context, width and heads.';

/** The Library entry's template: placing it asks the shape, then places `blockKey(shape)`. */
export const BLOCK_ENTRY = 'transformer-block';

export const blockKey = (s: BlockShape): string => `transformer-${s.context}-${s.width}-${s.heads}`;

/** What is wrong with a block shape, naming the field, or null when it can be drawn. */
export function blockShapeProblem(s: BlockShape): string | null {
  for (const key of ['context', 'width', 'heads'] as const) {
    const v = s[key];
    if (!Number.isInteger(v) || v < 1 || v > BLOCK_LIMITS[key])
      return `${key} must be a whole number from 1 to ${BLOCK_LIMITS[key]}, not ${v}`;
  }
  if (s.width % s.heads !== 0) return `width ${s.width} is not a multiple of heads ${s.heads}`;
  return null;
}

/** The shape a built-in key names (`transformer-T-C-H`), or null when it names none. */
export function blockShapeOf(key: string): BlockShape | null {
  const m = /^transformer-(\d+)-(\d+)-(\d+)$/.exec(key);
  if (!m) return null;
  const s = { context: Number(m[1]), width: Number(m[2]), heads: Number(m[3]) };
  return blockShapeProblem(s) === null ? s : null;
}

const drawn = new Map<string, SavedBox>();

/** The block of shape `s` as a saved box, drawn on first use. */
export function blockBox(s: BlockShape): SavedBox {
  const key = blockKey(s);
  const known = drawn.get(key);
  if (known) return known;
  const problem = blockShapeProblem(s);
  if (problem) throw new Error(`transformer block: ${problem}`);
  const name = `Transformer block (T ${s.context}, width ${s.width}, ${s.heads} heads)`;
  const d = new DocumentDrawing();
  drawBlock(d, key, s, { x: 0, y: 0 }, name);
  const groups = d.groups.map((g) => ({ ...g, template: key }));
  const box: SavedBox = { key, name, fragment: { format: FRAGMENT_FORMAT, boxes: d.boxes, wires: d.wires, groups } };
  drawn.set(key, box);
  return box;
}

/** The boxes the palette's Library offers: the block, at the default shape. */
export function builtInBoxes(): readonly SavedBox[] {
  return [blockBox(DEFAULT_BLOCK)];
}

/** The built-in box a key names: a transformer block of any shape it spells. */
export function builtInBox(key: string): SavedBox | undefined {
  const s = blockShapeOf(key);
  return s ? blockBox(s) : undefined;
}
