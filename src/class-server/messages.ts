/**
 * What the class server lets through of one connection's Yjs messages (docs/class.md#roles).
 * The messages are y-websocket's own (a y-protocols sync or awareness message, read with lib0);
 * this only judges them before the library's handler sees them: a message too large, one that
 * does not decode to the end, a kind y-websocket never sends, and a change of the document from a
 * connection that may only read it are refused, each with a sentence for the log.
 */
import * as decoding from 'lib0/decoding';
import { messageYjsSyncStep1, messageYjsSyncStep2, messageYjsUpdate } from 'y-protocols/sync';
import * as Y from 'yjs';

const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
const MESSAGE_QUERY_AWARENESS = 3;

export type Access = 'read' | 'write';

export type Verdict =
  | { readonly ok: true }
  /** `quiet`: refused without a line in the log (a reader's echo of what it was sent). */
  | { readonly ok: false; readonly reason: string; readonly quiet?: boolean; readonly close?: boolean };

const OK: Verdict = { ok: true };

/** True when `update` holds no change that `doc` lacks (a reader echoing back what it was sent). */
function nothingNew(update: Uint8Array, doc: Y.Doc): boolean {
  const theirs = Y.decodeStateVector(Y.encodeStateVectorFromUpdate(update));
  const ours = Y.decodeStateVector(Y.encodeStateVector(doc));
  for (const [client, clock] of theirs) if (clock > (ours.get(client) ?? 0)) return false;
  return true;
}

/** Reads a whole update and says whether it is one: Yjs throws on a truncated or garbled one. */
function decodesAsUpdate(update: Uint8Array): boolean {
  try {
    Y.decodeUpdate(update);
    return true;
  } catch {
    return false;
  }
}

function judgeSync(d: decoding.Decoder, access: Access, doc: Y.Doc): Verdict {
  const kind = decoding.readVarUint(d);
  const body = decoding.readVarUint8Array(d);
  if (decoding.hasContent(d)) return { ok: false, reason: 'malformed: bytes after the sync message', close: true };
  if (kind === messageYjsSyncStep1) {
    try {
      Y.decodeStateVector(body);
      return OK;
    } catch {
      return { ok: false, reason: 'malformed: a state vector that does not decode', close: true };
    }
  }
  if (kind !== messageYjsSyncStep2 && kind !== messageYjsUpdate)
    return { ok: false, reason: `malformed: unknown sync message ${kind}`, close: true };
  if (!decodesAsUpdate(body)) return { ok: false, reason: 'malformed: an update that does not decode', close: true };
  if (access === 'write') return OK;
  if (kind === messageYjsSyncStep2 && nothingNew(body, doc))
    return { ok: false, reason: 'a reader echoed the document', quiet: true };
  return { ok: false, reason: 'wrong role: this connection may only read this document' };
}

/** The verdict on one message of a connection with `access` to `doc`, at most `cap` bytes. */
export function judgeMessage(message: Uint8Array, access: Access, doc: Y.Doc, cap: number): Verdict {
  if (message.byteLength > cap)
    return { ok: false, reason: `oversized: ${message.byteLength} bytes, the cap is ${cap}`, close: true };
  try {
    const d = decoding.createDecoder(message);
    const type = decoding.readVarUint(d);
    if (type === MESSAGE_SYNC) return judgeSync(d, access, doc);
    if (type === MESSAGE_QUERY_AWARENESS)
      return decoding.hasContent(d) ? { ok: false, reason: 'malformed: bytes after a query', close: true } : OK;
    if (type === MESSAGE_AWARENESS) {
      decoding.readVarUint8Array(d);
      if (decoding.hasContent(d))
        return { ok: false, reason: 'malformed: bytes after the awareness message', close: true };
      // Presence would tell every reader who else is connected: only a document's writer shows it.
      return access === 'write'
        ? OK
        : { ok: false, reason: 'wrong role: a reader may not announce presence', quiet: true };
    }
    return { ok: false, reason: `malformed: unknown message type ${type}`, close: true };
  } catch {
    return { ok: false, reason: 'malformed: the message ends too early', close: true };
  }
}
