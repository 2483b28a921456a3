/**
 * Text from a trained sequence model (docs/attention.md, *Generating text*): the prompt's
 * characters become token ids of the vocabulary the model file records, and each next token
 * is read off the logits of the last position: the largest (greedy, temperature 0) or drawn
 * from softmax(logits / temperature) with a seeded generator, so the same seed gives the same
 * text. A window longer than the model's context keeps its last T tokens; a shorter one is
 * padded after its end with id 0, which a causal model never reads from an earlier position.
 */
import { mulberry32 } from '../data/random';
import { decodeIds, encodeText, type Vocabulary } from '../data/vocabulary';
import type { LoadedModel } from './modelRuntime';

export interface SampleOptions {
  readonly prompt: string;
  /** How many tokens to write after the prompt. */
  readonly length: number;
  /** 0: greedy (the most likely token every time); above 0: drawn, sharper below 1. */
  readonly temperature: number;
  readonly seed: number;
}

export const MAX_SAMPLE_LENGTH = 10_000;

/** The model's vocabulary and context, or a sentence saying why it writes no text. */
export function sequenceShape(model: LoadedModel): { vocabulary: Vocabulary; context: number } | string {
  const tokens = model.preparation?.tokens;
  if (!tokens) return 'the model file records no vocabulary: it was not trained on a sequence of characters';
  const [T] = model.inputShape;
  const [To, V] = model.outputShape;
  if (model.inputShape.length !== 1 || model.outputShape.length !== 2 || To !== T)
    return `the model maps [${model.inputShape.join(', ')}] to [${model.outputShape.join(', ')}], not T tokens to T rows of logits`;
  if (V !== tokens.symbols.length)
    return `the model's ${V} logits a position do not match its vocabulary of ${tokens.symbols.length}`;
  return { vocabulary: tokens, context: T };
}

function pick(logits: Float32Array, temperature: number, random: () => number): number {
  let best = 0;
  for (let i = 1; i < logits.length; i++) if (logits[i] > logits[best]) best = i;
  if (temperature === 0) return best;
  const weights = Array.from(logits, (l) => Math.exp((l - logits[best]) / temperature));
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i];
    if (r < 0) return i;
  }
  return best;
}

/** The prompt's continuation; throws a sentence naming what is wrong with the model or options. */
export function sampleText(model: LoadedModel, o: SampleOptions): string {
  const shape = sequenceShape(model);
  if (typeof shape === 'string') throw new Error(shape);
  if (!Number.isInteger(o.length) || o.length < 0 || o.length > MAX_SAMPLE_LENGTH)
    throw new Error(`length must be a whole number in [0, ${MAX_SAMPLE_LENGTH}], got ${o.length}`);
  if (!(o.temperature >= 0 && Number.isFinite(o.temperature)))
    throw new Error(`temperature must be 0 (greedy) or above, got ${o.temperature}`);
  if (o.prompt === '') throw new Error('the prompt is empty: give at least one character to continue');
  const { vocabulary, context: T } = shape;
  let ids: number[];
  try {
    ids = Array.from(encodeText(vocabulary, o.prompt));
  } catch (e) {
    throw new Error(`the prompt: ${(e as Error).message}`);
  }
  const V = vocabulary.symbols.length;
  const random = mulberry32(o.seed);
  const written: number[] = [];
  const window = new Float32Array(T);
  for (let n = 0; n < o.length; n++) {
    const last = ids.slice(-T);
    window.fill(0);
    window.set(last);
    const [logits] = model.predict(window, { prepared: true });
    const at = (last.length - 1) * V;
    const next = pick(logits.subarray(at, at + V), o.temperature, random);
    ids.push(next);
    written.push(next);
  }
  return decodeIds(vocabulary, written);
}
