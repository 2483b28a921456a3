/**
 * The learner's picture: which boxes the drawn optimiser updates in a scope (parameters, Para
 * groups holding some, the data input when dreaming) and its place above them; every example
 * of the gallery is drawn so.
 */
import { describe, expect, it } from 'vitest';
import { examples, loadExample } from '../../io/examples/index';
import { groupNodes } from './group';
import { OPTIMISER_GAP, optimiserPlace, optimiserStrands } from './learnerPicture';

describe('the optimiser strands', () => {
  it('on XOR go from the optimiser to the four parameters, left to right', () => {
    const s = optimiserStrands(loadExample('xor'), undefined);
    expect(s?.optimiser).toBe('opt');
    expect(s?.targets).toEqual([
      { id: 'W1', what: 'parameter' },
      { id: 'b1', what: 'parameter' },
      { id: 'W2', what: 'parameter' },
      { id: 'b2', what: 'parameter' },
    ]);
  });

  it('follow the Para choice: the input when dreaming, both when both are learnt', () => {
    const xor = loadExample('xor');
    const training = xor.training;
    if (!training) throw new Error('XOR has its training settings');
    const dream = { ...xor, training: { ...training, learn: 'input' as const } };
    expect(optimiserStrands(dream, undefined)?.targets).toEqual([{ id: 'x', what: 'input' }]);
    const both = { ...xor, training: { ...training, learn: 'both' as const } };
    expect(optimiserStrands(both, undefined)?.targets.map((t) => t.id)).toEqual(['x', 'W1', 'b1', 'W2', 'b2']);
  });

  it('reach a Para group on the outer canvas, and the parameters inside it once entered', () => {
    const made = groupNodes(loadExample('xor'), ['lin1', 'W1', 'bias1', 'b1', 'tanh1'], 'dense 1', undefined);
    if (!made) throw new Error('no group made');
    const outer = optimiserStrands(made.doc, undefined);
    expect(outer?.targets.map((t) => t.what)).toEqual(expect.arrayContaining(['group', 'parameter']));
    expect(outer?.targets.find((t) => t.what === 'group')?.id).toBe(made.id);
    expect(outer?.targets.map((t) => t.id)).not.toContain('W1');
    // Inside the group no optimiser is drawn: the strands are drawn where the optimiser is.
    expect(optimiserStrands(made.doc, made.id)).toBeNull();
  });

  it('are none where no optimiser is drawn', () => {
    const xor = loadExample('xor');
    expect(
      optimiserStrands({ ...xor, boxes: xor.boxes.filter((b) => b.generator !== 'optimiser') }, undefined),
    ).toBeNull();
  });
});

describe("the optimiser's place", () => {
  it('is centred over the boxes it updates, its gap above the highest', () => {
    const xor = loadExample('xor');
    const sizes = { opt: { width: 200, height: 60 }, W1: { width: 100, height: 40 }, b2: { width: 100, height: 40 } };
    const p = optimiserPlace(xor, undefined, sizes);
    // W1 at x 190 and b2 at x 950 (100 wide): the span's centre is 620.
    expect(p).toEqual({ x: 620 - 100, y: 70 - OPTIMISER_GAP - 60 });
  });

  it('follows positions given for the layout (auto-layout moves the parameters first)', () => {
    const xor = loadExample('xor');
    const at = new Map(['W1', 'b1', 'W2', 'b2'].map((id, i) => [id, { x: i * 200, y: 500 }]));
    const p = optimiserPlace(xor, undefined, {}, at);
    expect(p?.y).toBe(500 - OPTIMISER_GAP - 48);
    expect(p?.x).toBe(Math.round((0 + 600 + 120) / 2 - 60));
  });

  it('is where every gallery example draws its optimiser (the learner as the paper draws it)', () => {
    let checked = 0;
    for (const e of examples) {
      const d = loadExample(e.id);
      const place = optimiserPlace(d, undefined);
      if (!place) continue;
      const opt = d.boxes.find((b) => b.generator === 'optimiser');
      expect({ example: e.id, at: opt?.position }).toEqual({ example: e.id, at: place });
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
  });
});
