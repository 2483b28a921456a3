/**
 * Typed errors of the core. Each names what a user can fix: the generator, the config key or
 * the port, and both types printed the way the editor prints them. Every builder and
 * constructor checks before it changes anything, so a thrown error leaves nothing half-built.
 */
import type { Box } from './diagram';
import { printProduct, printType, type WireType } from './wire';

export class LensboardError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class UnknownGeneratorError extends LensboardError {
  constructor(readonly generator: string) {
    super('unknown-generator', `unknown generator '${generator}'`);
  }
}

export class DuplicateGeneratorError extends LensboardError {
  constructor(readonly generator: string) {
    super('duplicate-generator', `generator '${generator}' is already registered`);
  }
}

export class ConfigError extends LensboardError {
  constructor(
    readonly generator: string,
    readonly key: string,
    readonly allowed: string,
    readonly value: unknown,
  ) {
    super(
      'bad-config',
      `${generator}: config '${key}' = ${JSON.stringify(value) ?? String(value)} is not allowed (expected ${allowed})`,
    );
  }
}

export class GeneratorTypeError extends LensboardError {
  constructor(
    readonly generator: string,
    readonly port: string,
    readonly expected: string,
    readonly got: WireType | undefined,
  ) {
    super('bad-type', `${generator}: port '${port}' expects ${expected}, got ${got ? printType(got) : 'nothing'}`);
  }
}

export class CompositionError extends LensboardError {
  constructor(
    readonly left: readonly WireType[],
    readonly right: readonly WireType[],
    readonly boxes: readonly string[],
    detail = 'the codomain of the left does not match the domain of the right',
  ) {
    super(
      'bad-composition',
      `cannot compose ${printProduct(left)} with ${printProduct(right)}: ${detail} (boxes: ${boxes.join(', ') || 'none'})`,
    );
  }
}

/** A diagram that is not a DAG, or whose wires disagree with its boxes' types. */
export class DiagramError extends LensboardError {
  constructor(message: string) {
    super('bad-diagram', message);
  }
}

/** Names of the boxes in a diagram, for error messages: `linear#0`, `sigmoid#1`. */
export function boxNames(boxes: readonly Box[]): string[] {
  return boxes.map((b, i) => `${b.gen}#${b.source ?? i}`);
}

/** A value handed to an engine whose shape does not fit the Program's input. */
export class EngineInputError extends LensboardError {
  constructor(
    readonly input: number,
    readonly expected: string,
    readonly got: readonly number[],
  ) {
    super('bad-input', `input #${input} expects ${expected}, got shape [${got.join(',')}]`);
  }
}

/**
 * The end of a switch over a union (op kinds, config kinds…): the type checker refuses the call
 * while a case is missing, and a value outside the union that slips in at run time (from a file,
 * a cast) is named instead of silently doing nothing.
 */
export function unreachable(value: never, what: string): never {
  throw new LensboardError('unreachable', `unknown ${what}: ${JSON.stringify(value)}`);
}
