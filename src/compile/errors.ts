/**
 * Compile errors, each attached to what the user can click: a box and its port, or a wire.
 * Messages print types with core's printType, so the canvas and the inspector agree.
 */
import { printType, type WireType } from '../core/wire';
import type { CompileError } from './types';

export interface At {
  readonly box?: string;
  readonly port?: string;
  readonly wire?: string;
}

export class ErrorList {
  readonly items: CompileError[] = [];

  add(code: CompileError['code'], message: string, at: At = {}): void {
    const e: { -readonly [K in keyof CompileError]: CompileError[K] } = { code, message };
    if (at.box !== undefined) e.box = at.box;
    if (at.port !== undefined) e.port = at.port;
    if (at.wire !== undefined) e.wire = at.wire;
    this.items.push(e);
  }
}

export const portKey = (box: string, port: string): string => `${box}:${port}`;

/** `ℝ^3 cannot feed ℝ^4`: the wire's type, then what the port expects. */
export const mismatch = (got: WireType, expected: string): string => `${printType(got)} cannot feed ${expected}`;

/** Codepoint order: the same in every locale, so compiling is deterministic everywhere. */
export const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
