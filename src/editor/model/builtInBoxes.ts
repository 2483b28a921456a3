/**
 * The palette's library of ready-made Para groups (docs/transformer.md): transformer blocks drawn
 * by the gallery's builder, one per width and number of heads, for a context of 32 positions (the
 * text set's default). Each is placed as a saved box is, so a second copy asks whether to share
 * its parameters. Other shapes: `drawBlock` in src/io/examples/transformer.ts.
 */
import { DocumentDrawing, drawBlock } from '../../io/examples/transformer';
import { FRAGMENT_FORMAT } from './fragment';
import type { SavedBox } from './library';

const CONTEXT = 32;
const SHAPES = [
  { width: 32, heads: 2 },
  { width: 64, heads: 4 },
  { width: 384, heads: 6 },
] as const;

export const BUILT_IN_DESCRIPTION =
  'A pre-norm transformer block on [T, C]: causal self-attention (Q, K, V, heads as parallel wires, output projection) and an MLP C → 4C GELU → C, each after a layer norm, each with a residual copy and add.';

let made: readonly SavedBox[] | null = null;

/** The built-in boxes, drawn on first use. */
export function builtInBoxes(): readonly SavedBox[] {
  made ??= SHAPES.map(({ width, heads }) => {
    const key = `transformer-${CONTEXT}-${width}-${heads}`;
    const name = `Transformer block (T ${CONTEXT}, width ${width}, ${heads} heads)`;
    const d = new DocumentDrawing();
    drawBlock(d, key, { context: CONTEXT, width, heads }, { x: 0, y: 0 }, name);
    const groups = d.groups.map((g) => ({ ...g, template: key }));
    return { key, name, fragment: { format: FRAGMENT_FORMAT, boxes: d.boxes, wires: d.wires, groups } };
  });
  return made;
}

export const builtInBox = (key: string): SavedBox | undefined => builtInBoxes().find((b) => b.key === key);
