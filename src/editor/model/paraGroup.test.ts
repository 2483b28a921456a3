/**
 * A group read as a Para box: its type with the parameters it holds, named as the drawing names
 * them; R of it by the chain rule, its boxes in reverse; the diagram's term naming the group.
 */
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../../compile/compile';
import { loadExample } from '../../io/examples/index';
import { groupNodes } from './group';
import { groupParams, namedTerm, paraGroup } from './paraGroup';

function denseXor() {
  const made = groupNodes(loadExample('xor'), ['lin1', 'W1', 'bias1', 'b1', 'tanh1'], 'dense 1', undefined);
  if (!made) throw new Error('no group made');
  const compiled = compileDocument(made.doc, { requireLoss: true });
  return { doc: made.doc, id: made.id, compiled };
}

describe('a Para group', () => {
  it('has its type, its parameters named by the ports they feed, and R of it in reverse', () => {
    const { doc, id, compiled } = denseXor();
    const p = paraGroup(doc, compiled, id);
    expect(p?.params).toEqual([
      { name: 'W of linear 2→8', type: 'ℝ^{2×8}ᵖ' },
      { name: 'b of bias 1', type: 'ℝ^8ᵖ' },
    ]);
    expect(p?.signature).toMatch(/^Para\(ℝ\^\{2×8\}ᵖ × ℝ\^8ᵖ\) : \S+ → \S+$/);
    expect(p?.term).toMatch(/^linear.* ; bias.* ; tanh$/);
    expect(p?.reverse).toMatch(/^R\[dense 1\] = R\[tanh\] ; R\[bias.*\] ; R\[linear.*\]$/);
  });

  it('shows the parameters it holds, for its ports on top', () => {
    const { doc, id } = denseXor();
    expect(groupParams(doc, id)).toEqual(['W of linear 2→8', 'b of bias 1']);
    expect(groupParams(doc, 'lin2')).toEqual([]);
  });

  it('is named in the diagram’s term (mutant: its boxes spelt out)', () => {
    const { doc, compiled } = denseXor();
    const model = compiled.model;
    if (!model) throw new Error('the grouped XOR does not compile');
    const term = namedTerm(model, doc);
    expect(term.startsWith('dense 1 ; ')).toBe(true);
    expect(term).not.toContain('tanh');
    expect(namedTerm(model, { ...doc, groups: [] })).toBe(model.term);
  });
});
