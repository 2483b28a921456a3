/**
 * The session's document, as the run sees it: the document it belongs to (as last seen), and
 * what of it the run trains (trainedShape), so that an edit that matters — a box, a wire, the
 * data — can be told from one that does not (a move, a rename, a learning rate).
 */
import type { LensDocument } from '../../io/document';
import { documentHash } from './documentHash';
import { trainedShape } from './trainedShape';

export class TrainedDocument {
  /** The document as last seen; null before the session was told of one. */
  seen: LensDocument | null = null;
  /** What the run under way trains; null without a run. */
  private run: string | null = null;
  private last: string | null = null;

  /** Sees the document; true when it differs, in what is trained, from what the run trains. */
  saw(doc: LensDocument): boolean {
    this.seen = doc;
    this.last = trainedShape(doc);
    return this.run !== null && this.last !== this.run;
  }

  /** A run starts on `doc`: what it trains, as the session's state names it. */
  started(doc: LensDocument): { readonly hash: string; readonly name: string } {
    this.run = trainedShape(doc);
    return { hash: documentHash(doc), name: doc.name };
  }

  /** The run now counts the edited document as the one it trains (asked once per edit). */
  accept(): void {
    this.run = this.last ?? this.run;
  }

  /** The document changed since the run last started (or was accepted). */
  get changed(): boolean {
    return this.last !== null && this.last !== this.run;
  }

  /** No run any more. */
  stopped(): void {
    this.run = null;
  }
}
