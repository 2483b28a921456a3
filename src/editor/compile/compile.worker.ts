/**
 * The editor's compile of a big document off the main thread (docs/architecture.md, "An edit on
 * a big canvas"): one document in (its JSON text as a Blob, ../jsonSlices), its CompileResult out, as plain data (a compiled diagram is a
 * view over columns that reads as plain objects, so it clones, and a copy is packed again on
 * first use).
 */
import { compileDocument } from '../../compile/compile';
import type { CompileRequest, CompileResponse } from './compileOffThread';

// Typed as a worker scope by hand: the project's lib is DOM, whose `self` is a Window.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CompileRequest>) => void) | null;
  postMessage(message: CompileResponse): void;
};

scope.onmessage = async ({ data }) => {
  try {
    const doc = JSON.parse(await data.json.text());
    scope.postMessage({ id: data.id, ok: true, result: compileDocument(doc) });
  } catch (e) {
    scope.postMessage({ id: data.id, ok: false, message: e instanceof Error ? e.message : String(e) });
  }
};
