/**
 * Names a reader knows, for what the compiler names by id: a box by its label (else its id made
 * readable, `linear1` → `linear 1`), a learnt parameter `owner.port` by the box port it feeds
 * (`W of linear 2→8`), as the paper writes "the weights of the first layer".
 */
import type { LensDocument } from '../../io/document';

/** `linear1` → `linear 1`; an id without a trailing number stays as it is. */
export const readableId = (id: string): string => id.replace(/^([^\d\s]+?)(\d+)$/, '$1 $2');

export function boxName(doc: LensDocument | null, id: string): string {
  const box = doc?.boxes.find((b) => b.id === id);
  if (box?.label) return box.label;
  const group = doc?.groups.find((g) => g.id === id);
  return group?.name ?? readableId(id);
}

/**
 * A learnt parameter by the port it feeds: a parameter box read by one box port is `W of
 * linear 2→8`; a box's own parameter port is `W of linear 1`; a parameter read by several
 * ports (tied) is named by its own box.
 */
export function paramName(doc: LensDocument | null, name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return name;
  const owner = name.slice(0, dot);
  const port = name.slice(dot + 1);
  const box = doc?.boxes.find((b) => b.id === owner);
  if (box?.generator !== 'parameter') return `${port} of ${boxName(doc, owner)}`;
  if (box.label) return box.label;
  const readers = doc?.wires.filter((w) => w.from.box === owner && w.from.port === port) ?? [];
  if (readers.length !== 1) return boxName(doc, owner);
  return `${readers[0].to.port} of ${boxName(doc, readers[0].to.box)}`;
}
