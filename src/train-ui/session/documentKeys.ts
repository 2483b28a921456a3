/**
 * Which document a run belongs to, as the user sees documents: an edit keeps the document it
 * edits; opening another starts, or finds again, another. Every document object the editor
 * held keeps its key, so Undo of an open (which brings the old object back) finds the old
 * document and its run. An example, a file, a share link or the autosave is known by its
 * content: opened again in the same visit, it shows its last run. A new diagram, a lesson and a
 * model file are documents of their own each time: a lesson never inherits a run, and a model
 * file's run starts from the file's weights (docs/training-panel.md, "Runs belong to their document").
 */
import type { OpenedAs } from '../../editor/store/types';
import type { LensDocument } from '../../io/document';
import { documentHash } from './documentHash';

const OWN: ReadonlySet<OpenedAs> = new Set(['new', 'lesson', 'model']);

export class DocumentKeys {
  private readonly keys = new WeakMap<LensDocument, string>();
  private made = 0;

  /** The key of a document the editor opened first (before any open or edit). */
  first(doc: LensDocument, as: OpenedAs): string {
    return this.opened(doc, as);
  }

  /**
   * The key of `now`, the editor's document after a change from `before`: `as` is set when the
   * change was an open (the editor's `opened` count moved), else it was an edit, an undo or a redo.
   */
  of(now: LensDocument, before: LensDocument, as: OpenedAs | null): string {
    // A lesson opened twice may hand over the very same object: an open of a document of its
    // own is another document all the same.
    if (as !== null && OWN.has(as)) return this.opened(now, as);
    const known = this.keys.get(now);
    if (known !== undefined) return known;
    if (as !== null) return this.opened(now, as);
    const key = this.keys.get(before) ?? this.opened(before, 'file');
    this.keys.set(now, key);
    return key;
  }

  private opened(doc: LensDocument, as: OpenedAs): string {
    const key = OWN.has(as) ? `${as}:${++this.made}` : `content:${documentHash(doc)}:${doc.name ?? ''}`;
    this.keys.set(doc, key);
    return key;
  }
}
