/**
 * Text from a trained sequence model (docs/attention.md, *Generating text*): the prompt's
 * characters become token ids of the vocabulary the model file records, and each next token
 * is read off the logits of the last position: the largest (greedy, temperature 0) or drawn
 * from softmax(logits / temperature) with a seeded generator, so the same seed gives the same
 * text. A window longer than the model's context keeps its last T tokens. A shorter one is run
 * padded after its end, and the next token is read at its last real position, which a causal
 * model computes from the real tokens alone: the padding is run twice, as the first and as the
 * last id of the vocabulary, and a model whose logits there differ (one that reads later
 * positions) is refused rather than read as if the padding were text.
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

/** Logits at a position agree when padded two ways: equal up to float32 rounding. */
const TOLERANCE = 1e-5;

/** The prompt's ids, or a sentence naming the character the vocabulary lacks. */
function promptIds(vocabulary: Vocabulary, prompt: string): number[] {
  if (prompt === '') throw new Error('the prompt is empty: give at least one character to continue');
  try {
    return Array.from(encodeText(vocabulary, prompt));
  } catch (e) {
    throw new Error(`the prompt: ${(e as Error).message}`);
  }
}

function agree(a: Float32Array, b: Float32Array): boolean {
  return a.every((v, i) => Math.abs(v - b[i]) <= TOLERANCE * (1 + Math.abs(v)));
}

/**
 * The logits of the token after `ids` (their last T): read at the last real position of the
 * window, checked to depend on the real tokens only when the window is shorter than T.
 */
export function nextLogits(model: LoadedModel, ids: readonly number[]): Float32Array {
  const shape = sequenceShape(model);
  if (typeof shape === 'string') throw new Error(shape);
  const { vocabulary, context: T } = shape;
  const V = vocabulary.symbols.length;
  const last = ids.slice(-T);
  const at = (last.length - 1) * V;
  const padded = last.length < T && V > 1;
  const windows = new Float32Array(padded ? 2 * T : T);
  windows.set(last);
  if (padded) {
    windows.fill(V - 1, T + last.length);
    windows.set(last, T);
  }
  const [first, second] = model.predict(windows, { prepared: true });
  const logits = first.subarray(at, at + V);
  if (padded && !agree(logits, second.subarray(at, at + V)))
    throw new Error(
      `the model reads positions after the prompt's last character (its attention has no causal mask), so a prompt of ${last.length} characters would be read with padding as text: give at least ${T}, its context`,
    );
  return logits;
}

/** The distribution of the character after the prompt: softmax of its logits. */
export function nextDistribution(model: LoadedModel, prompt: string): Float32Array {
  const shape = sequenceShape(model);
  if (typeof shape === 'string') throw new Error(shape);
  const logits = nextLogits(model, promptIds(shape.vocabulary, prompt));
  const top = logits.reduce((m, v) => Math.max(m, v), Number.NEGATIVE_INFINITY);
  const weights = logits.map((l) => Math.exp(l - top));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / total);
}

/** The prompt's continuation; throws a sentence naming what is wrong with the model or options. */
export function sampleText(model: LoadedModel, o: SampleOptions): string {
  const shape = sequenceShape(model);
  if (typeof shape === 'string') throw new Error(shape);
  if (!Number.isInteger(o.length) || o.length < 0 || o.length > MAX_SAMPLE_LENGTH)
    throw new Error(`length must be a whole number in [0, ${MAX_SAMPLE_LENGTH}], got ${o.length}`);
  if (!(o.temperature >= 0 && Number.isFinite(o.temperature)))
    throw new Error(`temperature must be 0 (greedy) or above, got ${o.temperature}`);
  const ids = promptIds(shape.vocabulary, o.prompt);
  const random = mulberry32(o.seed);
  const written: number[] = [];
  for (let n = 0; n < o.length; n++) {
    const next = pick(nextLogits(model, ids), o.temperature, random);
    ids.push(next);
    written.push(next);
  }
  return decodeIds(shape.vocabulary, written);
}
