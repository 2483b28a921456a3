/**
 * The editor's one door to the compiler. Results are cached per document object: the store
 * replaces the document on every edit, so an unchanged document is never compiled twice.
 */

import { compileDocument as compileWithLearner } from '../../compile/compile';
import type { CompileResult } from '../../compile/types';
import type { LensDocument } from '../../io/document';

export type Compile = (doc: LensDocument) => CompileResult;

export const compileDocument: Compile = (doc) => compileWithLearner(doc);

export function cachedCompile(compile: Compile): Compile {
  const cache = new WeakMap<LensDocument, CompileResult>();
  return (doc) => {
    let r = cache.get(doc);
    if (!r) {
      r = compile(doc);
      cache.set(doc, r);
    }
    return r;
  };
}
