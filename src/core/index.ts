/**
 * The core's public face: wire types, diagrams and their constructors, the generators, rdiff,
 * Para, Programs and fusion. The engines that run a Program are a floor above (src/engines).
 * Import from here (`src/core`); every module of the core also loads on its own, whichever is
 * imported first (no import cycle runs at load time).
 */

export { DiagramBuilder, type InlineMap } from './builder';
export { canonicalConfig } from './canonical';
export { andThen, box, cod, copy, discard, dom, id, swap, tensor, tensorAll, thenAll } from './compose';
export { normaliseConfig } from './config';
export type { Box, BoxOptions, Config, Diagram, Pass } from './diagram';
export * from './errors';
export { fuseProgram } from './fuse';
export { FUSED, type FusedConfig, type StepForward, stepForward } from './fusedStep';
export type { ConfigField, DrawHints, Family, Generator, PortSpec, ReverseRule, RuleBuilder } from './generator';
export { allGenerators, getGenerator, hasGenerator, register } from './generators/index';
export * from './init';
export type { BinaryOp, FusedExpr, FusedInstr, Kernel, UnaryOp } from './kernel';
export { explicitCopies, validate } from './normalise';
export * from './para';
export { type LensProgramOptions, type LowerOptions, lower, lowerLens, type Program, type Step } from './program';
export { lensDiagram, type RdiffMap, type RdiffOptions, rdiff, rdiffMapped } from './rdiff';
export { reverseOf } from './reverse';
export * from './shape';
export { printTerm } from './term';
export { producers, readerCounts, topoOrder } from './topology';
export * from './wire';
