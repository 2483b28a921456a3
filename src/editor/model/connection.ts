/**
 * May this output feed that input? The answer is the core's: the source port's inferred type
 * is offered to the target generator's own type rule, and a refusal quotes the rule's expected
 * type in words (`ℝ^3 cannot feed ℝ^4`). The editor adds only the wiring rules of a string
 * diagram: one wire per input, outputs fan out, no cycles.
 */

import type { CompileResult } from '../../compile/types';
import { getGenerator, hasGenerator } from '../../core';
import { normaliseConfig } from '../../core/config';
import { GeneratorTypeError } from '../../core/errors';
import { printType, type WireType } from '../../core/wire';
import type { LensDocument, PortRef } from '../../io/document';
import { describeNode } from './boxInfo';
import { wireInto } from './documentOps';

export type Verdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

const OK: Verdict = { ok: true };
const refuse = (reason: string): Verdict => ({ ok: false, reason });
export const portKey = (p: PortRef) => `${p.box}:${p.port}`;

/** Would `to.box` feed `from.box` already, so that the new wire closes a cycle? */
function reaches(doc: LensDocument, start: string, goal: string): boolean {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const n = stack.pop() as string;
    if (n === goal) return true;
    if (seen.has(n)) continue;
    seen.add(n);
    for (const w of doc.wires) if (w.from.box === n) stack.push(w.to.box);
  }
  return false;
}

/** The wiring rules that need no types. */
export function checkWiring(doc: LensDocument, from: PortRef, to: PortRef): Verdict {
  const src = describeNode(doc, from.box);
  const dst = describeNode(doc, to.box);
  if (!src || !dst) return refuse('that box no longer exists');
  if (!src.outputs.some((p) => p.name === from.port)) return refuse(`${src.label} has no output '${from.port}'`);
  if (!dst.inputs.some((p) => p.name === to.port)) return refuse(`${dst.label} has no input '${to.port}'`);
  if (from.box === to.box) return refuse('a box cannot feed itself');
  if (wireInto(doc, to))
    return refuse(`input '${to.port}' of ${dst.label} already has a wire (an input takes one wire)`);
  if (reaches(doc, to.box, from.box)) return refuse('this wire would close a cycle');
  return OK;
}

/** The type rule of the target box, given the source type on `to.port` and what is known of the others. */
export function checkTypes(doc: LensDocument, compiled: CompileResult | null, from: PortRef, to: PortRef): Verdict {
  const source = compiled?.portTypes.get(portKey(from));
  const box = doc.boxes.find((b) => b.id === to.box);
  if (!source || !box || !hasGenerator(box.generator)) return OK;
  const gen = getGenerator(box.generator);
  const inputs: WireType[] = [];
  for (const p of gen.ports(normaliseConfigSafe(box.generator, box.config)).inputs) {
    const t = p.name === to.port ? source : compiled?.portTypes.get(`${to.box}:${p.name}`);
    if (!t) return OK;
    inputs.push(t);
  }
  try {
    gen.type(normaliseConfig(gen, box.config), inputs);
    return OK;
  } catch (e) {
    if (!(e instanceof GeneratorTypeError)) return OK;
    if (e.port === to.port) return refuse(`${printType(source)} cannot feed ${e.expected} (${gen.label}.${to.port})`);
    return refuse(`${printType(source)} cannot feed ${gen.label}.${to.port}: ${e.message}`);
  }
}

function normaliseConfigSafe(generator: string, config: Record<string, unknown>) {
  try {
    return normaliseConfig(getGenerator(generator), config);
  } catch {
    return config;
  }
}

export function checkConnection(
  doc: LensDocument,
  compiled: CompileResult | null,
  from: PortRef,
  to: PortRef,
): Verdict {
  const wiring = checkWiring(doc, from, to);
  return wiring.ok ? checkTypes(doc, compiled, from, to) : wiring;
}

/**
 * The ports a wire dragged from `start` could end on, as `box:port` keys: inputs that an output
 * could feed, or outputs that could feed an input. Only the cheap checks (wiring and type rule).
 */
export function compatiblePorts(
  doc: LensDocument,
  compiled: CompileResult | null,
  start: PortRef,
  startIsInput: boolean,
  nodeIds: readonly string[],
): Set<string> {
  const out = new Set<string>();
  for (const id of nodeIds) {
    const d = describeNode(doc, id);
    for (const p of (startIsInput ? d?.outputs : d?.inputs) ?? []) {
      const other = { box: id, port: p.name };
      const v = startIsInput
        ? checkConnection(doc, compiled, other, start)
        : checkConnection(doc, compiled, start, other);
      if (v.ok) out.add(portKey(other));
    }
  }
  return out;
}
