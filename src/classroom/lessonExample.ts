/**
 * Which gallery example a lesson's diagram is, apart from the draft (lessonDraft.ts): it reads
 * every example, so only the lesson editor loads it (docs/architecture.md, "The first screen").
 */
import type { LensDocument } from '../io/document';
import { examples, loadExample } from '../io/examples';

/** The gallery example whose document this is, unchanged, if any: the file then names it. */
export function exampleOf(doc: LensDocument): string | null {
  const text = JSON.stringify(doc);
  for (const e of examples) {
    try {
      if (JSON.stringify(loadExample(e.id)) === text) return e.id;
    } catch {
      // an example that does not load names nothing
    }
  }
  return null;
}
