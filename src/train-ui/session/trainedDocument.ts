/**
 * The session's document, as the run sees it: the document it belongs to (as last seen), and
 * what of it the run trains (flatTrainedShape), so that an edit that matters — a box, a wire, the
 * data — can be told from one that does not (a move, a rename, a learning rate, boxes grouped
 * as a Para box or ungrouped: the compiler draws groups through, so the run trains the same).
 */
import type { LensDocument } from '../../io/document';
import { documentHash } from './documentHash';
import { flatTrainedShape } from './trainedShape';

/** A document's shape from `make`, made on first ask and kept with it: a big model's takes a long moment. */
function kept(make: (doc: LensDocument) => string): (doc: LensDocument) => string {
  const made = new WeakMap<LensDocument, string>();
  return (doc) => {
    let shape = made.get(doc);
    if (shape === undefined) {
      shape = make(doc);
      made.set(doc, shape);
    }
    return shape;
  };
}

/**
 * Each document's trained shape, its groups drawn through: a grouping is no edit of what is
 * trained, so it neither pauses a run nor sets it aside (docs/training-panel.md, "Going on").
 */
const shapeOf = kept(flatTrainedShape);

/**
 * The shapes are made only when a run is there to compare with: without one, seeing a document
 * (every edit, and the open of a model of thousands of boxes) costs nothing.
 */
export class TrainedDocument {
  /** The document as last seen; null before the session was told of one. */
  seen: LensDocument | null = null;
  /** What the run under way trains; null without a run. */
  private run: string | null = null;
  /** The document the worker's run was started on: an edit set aside (accept) leaves it as it was. */
  private inWorker: LensDocument | null = null;

  /** Sees the document; true when it differs, in what is trained, from what the run trains. */
  saw(doc: LensDocument): boolean {
    this.seen = doc;
    return this.run !== null && shapeOf(doc) !== this.run;
  }

  /** A run starts on `doc`: what it trains, as the session's state names it. */
  started(doc: LensDocument): { readonly hash: string; readonly name: string } {
    this.run = shapeOf(doc);
    this.inWorker = doc;
    return { hash: documentHash(doc), name: doc.name };
  }

  /** The run now counts the edited document as the one it trains (asked once per edit). */
  accept(): void {
    if (this.seen) this.run = shapeOf(this.seen);
  }

  /** The document changed since the run last started (or was accepted); without a run, any document seen. */
  get changed(): boolean {
    if (this.seen === null) return false;
    return this.run === null || shapeOf(this.seen) !== this.run;
  }

  /**
   * The document as last seen when it trains what the worker's run was started on: only where
   * its boxes are drawn, their names and the Para boxes they are grouped in may differ. Null
   * otherwise (no run, or an edit the run was not started with).
   */
  get drawn(): LensDocument | null {
    const { seen, inWorker } = this;
    if (!seen || !inWorker) return null;
    return seen === inWorker || shapeOf(seen) === shapeOf(inWorker) ? seen : null;
  }

  /** No run any more. */
  stopped(): void {
    this.run = null;
    this.inWorker = null;
  }
}
