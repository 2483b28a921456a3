/**
 * The engines that run a core Program: the typed-array engine (float32, or float64 as the tests'
 * oracle) and the tfjs engine on whichever backend is live. See docs/architecture.md.
 */

export type { Dtype } from './arena';
export { createTfjsEngine, type PlainTensor, type TfjsEngine } from './tfjs';
export { createTypedEngine, type TypedEngine, type TypedEngineOptions, type TypedTensor } from './typed';
