/**
 * The Para choice (docs/dreaming.md): which of the model's input wires the learner learns. The
 * weights (training), the data input (deep dreaming: the weights stay fixed), or both. The same
 * learner, optimiser lenses and rdiff serve all three; only the step's boundary changes.
 */
export const LEARNT_WIRES = ['weights', 'input', 'both'] as const;
export type LearntWires = (typeof LEARNT_WIRES)[number];

export const learnsWeights = (w: LearntWires | undefined): boolean => w !== 'input';
export const learnsInput = (w: LearntWires | undefined): boolean => w === 'input' || w === 'both';
