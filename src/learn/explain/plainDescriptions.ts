/**
 * Boxes' one-line descriptions in plain words (docs/notation.md). A generator's own description
 * speaks the paper's language ("its own dagger", `x ↦ xW`, ℤ₂); in plain notation the palette,
 * the inspector and a box's tooltip say the same thing without the jargon. Only descriptions
 * that use a word of `JARGON` need a plain one; the test holds every such description to it.
 */
import type { Notation } from './plainWords';

/** Words and signs a beginner has not met: a description using one has a plain twin below. */
export const JARGON =
  /dagger|transpose|ᵀ|↦|ℤ₂|mod 2|unbatched|batched|minterm|argmax|cross-correlation|⊕|∧|Δ|\(!\)|θ|ℓ|⊗|lens|cap α|ŷ/i;

const PLAIN: Readonly<Record<string, string>> = {
  copy: 'Copies a wire; going back, it adds up the changes of the copies.',
  discard: 'Throws a wire away; going back, it sends no change.',
  negate: 'Flips the sign (−x); going back, it flips the sign of the change the same way.',
  scale: 'Multiplies by a constant c; going back, it multiplies the change by c too.',
  sumBatch: 'Adds a wire up over all the examples of the batch (for bits: odd or even).',
  broadcastBatch: 'Repeats one shared value for every example of the batch.',
  linear: 'Multiplies the inputs by a grid of weights W that comes in from the top.',
  linearT: 'Multiplies a change by the weights W turned over: how linear sends a change back to its inputs.',
  outer: 'Input times change, added up over the batch: how much each weight of a linear box should change.',
  bias: 'Adds a learnt number b to each input; b comes in from the top.',
  matmul: 'Multiplies two grids of numbers shared by the batch (a matrix product), either one turned over if asked.',
  batchMatmul:
    'Multiplies two grids of numbers that both come from the data, one pair of grids at a time (either one turned over if asked): how attention compares queries with keys and mixes values.',
  broadcast: 'Repeats along a new axis (or fills a shape from one number); going back, it adds the changes up.',
  correlate2d:
    'Slides a filter over an image and adds up the products at each place (no bias); it can pad the edges, step more than one place, spread the filter out, or filter groups of channels apart.',
  conv2dBackInput: 'Spreads a change back over the image: how correlate2d sends a change back to its image.',
  conv2dBackFilter: 'How much the filter should change, added up over the batch: correlate2d’s way back to its filter.',
  maxPoolSelect: 'Reads e where each window of x had its maximum: the way back of maxPoolBack.',
  sumFeatures: 'Adds up along one axis, or all of them (for bits: odd or even).',
  xor: 'Adds bits where 1 + 1 = 0 (exclusive or); going back, it copies the change.',
  and: '1 only where both bits are 1; going back, each change is kept where the other bit is 1.',
  not: 'Flips each bit; going back, it passes the change on.',
  one: 'The bit 1 on every bit of a wire of bits.',
  parity: 'Exclusive or of every bit of a wire of bits: 1 when an odd number of them are 1.',
  basis:
    'One switch for each of the 2ⁿ patterns n bits can make, on for the pattern the bits spell: a learnt lookup table reads it.',
  output: 'Marks a wire as an output of the model: its prediction, which accuracy reads.',
  loss: 'Compares the prediction with the label as one number, the loss; going back, it starts the backward pass.',
  'learning-rate': 'The learning rate: going back, it starts every change at −ε, the size of one step.',
  optimiser: 'Updates every weight from its change (gradient descent, momentum, Adam…).',
};

/** The description of a box (by generator id) in the notation chosen. */
export function descriptionIn(notation: Notation, generator: string, description: string): string {
  return notation === 'plain' ? (PLAIN[generator] ?? description) : description;
}
