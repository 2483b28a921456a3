/**
 * Where a box's ports sit (docs/editor.md, "Ports"): the ports of one side share it in equal
 * slices, each in the middle of its own, and the box grows along that side so that every slice
 * is at least PORT_GAP long. Two ports are then never closer than PORT_GAP, so each keeps its
 * own 16 px target whole — the loss box's two inputs were 10 px apart with 16 px handles.
 */
import type { PortSpec } from '../../../core/generator';

/**
 * The least distance between two ports: a handle's 16 px (editor.css, `.react-flow__handle.port`)
 * and 2 px between, so that two targets never touch and stay ≥ 14 px apart on screen down to
 * the opening view's zoom of 0.8.
 */
export const PORT_GAP = 18;

/**
 * The thickest border a box is drawn with (a ℤ₂ box's 4 px double line, editor.css). A handle's
 * place is a share of the box inside its border, while the box's size includes the border: the
 * room asked for adds it on both ends, so the slices inside are still PORT_GAP long.
 */
export const BOX_BORDER = 4;

/** The offset of the `index`-th of `count` ports along its side, as a fraction of the side. */
export const portOffset = (index: number, count: number): number => (index + 0.5) / count;

/** The least length of a side holding `count` ports. */
export const sideLength = (count: number): number => (count <= 1 ? 0 : count * PORT_GAP + 2 * BOX_BORDER);

export interface PortRoom {
  /** Left (data inputs) and right (outputs) hold their ports in the box's height. */
  readonly minHeight?: number;
  /** The top (parameters) holds its ports in the box's width. */
  readonly minWidth?: number;
}

/** The least size of a box holding these ports; nothing when its CSS size is enough (one port a side). */
export function portRoom(inputs: readonly PortSpec[], outputs: readonly PortSpec[]): PortRoom {
  const params = inputs.filter((p) => p.param).length;
  const height = sideLength(Math.max(inputs.length - params, outputs.length));
  const width = sideLength(params);
  return { ...(height > 0 && { minHeight: height }), ...(width > 0 && { minWidth: width }) };
}

/** The distance between neighbouring ports on a side of this length holding `count` ports. */
export const portSpacing = (length: number, count: number): number => length / count;
