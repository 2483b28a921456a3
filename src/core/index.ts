/**
 * The core's public face: wire types, diagrams and their constructors, the generator registry,
 * rdiff, Para, Programs and fusion. The engines that run a Program are a floor above (src/engines). Import from here (`src/core`); the registry of
 * built-in generators loads itself on first use whichever module is imported first.
 */

export { type BoxOptions, DiagramBuilder } from './builder';
export { canonicalConfig } from './canonical';
export { andThen, box, cod, copy, discard, dom, id, swap, tensor, tensorAll, thenAll } from './compose';
export { normaliseConfig } from './config';
export type { Box, Config, Diagram, Pass } from './diagram';
export * from './errors';
export type { ConfigField, DrawHints, Family, Generator, PortSpec } from './generator';
export * from './init';
export type { BinaryOp, Kernel, UnaryOp } from './kernel';
export { explicitCopies, validate } from './normalise';
export * from './para';
export { type LensProgramOptions, type LowerOptions, lower, lowerLens, type Program, type Step } from './program';
export { lensDiagram, type RdiffOptions, rdiff, reverseOf } from './rdiff';
export { allGenerators, getGenerator, hasGenerator, register } from './registry';
export * from './shape';
export { printTerm } from './term';
export { producers, readerCounts, topoOrder } from './topology';
export * from './wire';
