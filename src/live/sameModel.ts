/**
 * Whether two versions of the class's diagram train the same model (docs/class.md#during-the-class):
 * they differ at most in where boxes and groups sit, in the boxes' labels, the groups' names and
 * the document's name. Such a teacher's edit reaches a student as an edit, which keeps their run.
 */
import type { LensDocument } from '../io/document';

const modelOf = (doc: LensDocument): unknown => [
  doc.boxes.map(({ position: _p, label: _l, ...box }) => box),
  doc.wires,
  doc.groups.map(({ position: _p, name: _n, ...group }) => group),
  doc.dataset ?? null,
  doc.training ?? null,
];

export const sameModel = (a: LensDocument, b: LensDocument): boolean =>
  JSON.stringify(modelOf(a)) === JSON.stringify(modelOf(b));
