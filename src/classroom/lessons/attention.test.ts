/**
 * The lesson "Attention is a lens" states numbers and a law; these hold them to the generators
 * that train: R[softmax] on the step's s and d gives the x′ the text prints, and it sums to 0.
 */
import { expect, test } from 'vitest';
import { reverseOf } from '../../core/reverse';
import { real } from '../../core/wire';
import attentionHead from '../../testing/attentionHead.json';
import { BATCH, evaluate } from '../../testing/numeric';
import { LESSON_FILES, shippedLessons } from './index';

const lesson = shippedLessons().find((l) => l.lesson.id === 'attention');

test('the centring step prints what R[softmax] computes, and its change sums to 0', () => {
  const step = lesson?.lesson.steps.find((s) => s.title.startsWith("Why softmax's reverse"));
  expect(step?.text).toContain('s = (0.5, 0.3, 0.2)');
  expect(step?.text).toContain('d = (1, 0, 0)');
  expect(step?.text).toContain('x′ = (0.25, −0.15, −0.10)');
  const rows = (row: number[]) => ({
    shape: [BATCH, 3],
    data: Float64Array.from({ length: 3 * BATCH }, (_, i) => row[i % 3]),
  });
  const r = reverseOf('softmax', { axis: -1, causal: false }, [real([3])]);
  const [dx] = evaluate(r, [rows([0.5, 0.3, 0.2].map(Math.log)), rows([1, 0, 0])]);
  const first = Array.from(dx.data.subarray(0, 3));
  for (const [i, v] of [0.25, -0.15, -0.1].entries()) expect(first[i]).toBeCloseTo(v, 12);
  expect(first.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 12);
});

test('its diagram is one causal head on the reverse task', () => {
  const boxes = lesson?.doc.boxes ?? [];
  expect(boxes.find((b) => b.id === 'attn')?.config).toEqual({ axis: -1, causal: true });
  expect(lesson?.doc.dataset?.id).toBe('reverse');
});

test('its diagram is the one head the sampling tests train (src/testing/attentionHead.json)', () => {
  const file = LESSON_FILES.attention as { start: { document: unknown } };
  expect(file.start.document).toEqual(attentionHead);
});
