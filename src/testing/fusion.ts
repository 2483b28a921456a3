/**
 * What the fusion tests (src/core/fuse*.test.ts) share: a Program lowered and fused with the
 * checks every fused Program must pass, and the typed engine as the oracle of its meaning.
 */
import { expect } from 'vitest';
import type { Diagram } from '../core/diagram';
import { fuseProgram } from '../core/fuse';
import type { FusedConfig } from '../core/fusedStep';
import type { FusedExpr } from '../core/kernel';
import { lower, type Program, type Step } from '../core/program';
import { createTypedEngine } from '../engines/typed';
import { BATCH, type Value } from './numeric';

export const gens = (p: Program) => p.steps.map((s) => s.gen);
export const fusedOf = (s: Step) => s.config as unknown as FusedConfig;
export const opsOf = (e: FusedExpr) => e.code.map((c) => (c.op === 'unary' || c.op === 'binary' ? c.fn : c.op));

/** Every step reads only buffers that are inputs or written by an earlier step. */
export function wellOrdered(p: Program): boolean {
  const ready = new Set(p.inputs);
  for (const s of p.steps) {
    if (!s.inputs.every((b) => ready.has(b))) return false;
    for (const b of s.outputs) ready.add(b);
  }
  return p.outputs.every((b) => ready.has(b));
}

/** The fused Program's outputs equal the unfused one's bit for bit (float64, so no rounding hides a wrong op). */
export function sameRun(p: Program, q: Program, xs: readonly Value[]): void {
  const want = createTypedEngine(p, { dtype: 'float64' }).run(xs, { batchSize: BATCH });
  const got = createTypedEngine(q, { dtype: 'float64' }).run(xs, { batchSize: BATCH });
  expect(got.map((g) => g.shape)).toEqual(want.map((w) => w.shape));
  got.forEach((g, i) => {
    expect(Array.from(g.data)).toEqual(Array.from(want[i].data));
  });
}

/** The Program of `d` and its fusion, which must be well ordered and keep its buffers and boundary. */
export function lowered(d: Diagram): { p: Program; q: Program } {
  const p = lower(d);
  const q = fuseProgram(p);
  expect(wellOrdered(q)).toBe(true);
  expect(q.inputs).toEqual(p.inputs);
  expect(q.outputs).toEqual(p.outputs);
  expect(q.nBuffers).toBe(p.nBuffers);
  return { p, q };
}
