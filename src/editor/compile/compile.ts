/**
 * The editor's one door to the compiler. Results are cached per document object: the store
 * replaces the document on every edit, so an unchanged document is never compiled twice.
 */

import { compileDocument as compileWithLearner } from '../../compile/compile';
import type { CompileResult } from '../../compile/types';
import type { LensDocument } from '../../io/document';

export type Compile = (doc: LensDocument) => CompileResult;

export const compileDocument: Compile = (doc) => compileWithLearner(doc);

/** A cached compile, which also keeps a result made elsewhere (off the main thread) for its document. */
export type CachedCompile = Compile & { seed(doc: LensDocument, result: CompileResult): void };

export function cachedCompile(compile: Compile): CachedCompile {
  const cache = new WeakMap<LensDocument, CompileResult>();
  const cached = (doc: LensDocument) => {
    let r = cache.get(doc);
    if (!r) {
      r = compile(doc);
      cache.set(doc, r);
    }
    return r;
  };
  return Object.assign(cached, {
    seed(doc: LensDocument, result: CompileResult) {
      if (!cache.has(doc)) cache.set(doc, result);
    },
  });
}
