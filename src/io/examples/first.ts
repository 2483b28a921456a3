/**
 * The example a first visit opens, apart from the gallery (index.ts): the page's entry holds this
 * one document, and the gallery's JSON loads when the Examples dialog first opens
 * (docs/architecture.md, "The first screen").
 */
import type { LensDocument } from '../document';
import { parseDocument } from '../parse';
import xor from './xor.json';

/** The example as a checked document; a broken example is a bug, so this throws. */
export function parseExample(id: string, json: unknown): LensDocument {
  const parsed = parseDocument(json);
  if (!parsed.ok)
    throw new Error(
      `example '${id}' does not parse: ${parsed.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    );
  return parsed.doc;
}

/**
 * XOR, the document a first visit opens. Not parsed as the page opens: the schema's first use
 * costs the first screen tens of milliseconds, and this file is part of the build, not input.
 * first.test.ts checks that parsing it gives back the same document, so what opens is what the
 * file door would open. A copy each time: the store's documents are never shared.
 */
export const firstExample = (): LensDocument => structuredClone(xor) as LensDocument;
