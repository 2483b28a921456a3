/**
 * A group read as a Para box: its type with the parameters it holds, named as the drawing names
 * them; R of it by the chain rule, its boxes in reverse; the diagram's term naming the group.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../../compile/compile';
import { importOnnx } from '../../export/onnx/import/importOnnx';
import type { LensDocument } from '../../io/document';
import { examples, loadExample } from '../../io/examples/index';
import { bigOnnx } from '../../testing/onnxFiles';
import { fcSeed } from '../../testing/seed';
import { paramName } from '../reverse/displayNames';
import { groupNodes } from './group';
import { groupParams, namedTerm, PARAMS_NAMED, paraGroup, stackedParams } from './paraGroup';

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

  it('names the same parameters, nested or in a big import of many groups, as the name of each one says', () => {
    // The reference: every parameter box inside the group at any depth, named by paramName.
    const naive = (doc: LensDocument, id: string) => {
      const parent = new Map([...doc.boxes, ...doc.groups].map((n) => [n.id, n.parent]));
      const within = (box: string) => {
        for (let at = parent.get(box); at !== undefined; at = parent.get(at)) if (at === id) return true;
        return false;
      };
      return doc.boxes
        .filter((b) => b.generator === 'parameter' && within(b.id))
        .map((b) => paramName(doc, `${b.id}.${doc.wires.find((w) => w.from.box === b.id)?.from.port ?? 'W'}`));
    };
    const { doc, id } = denseXor();
    const nested = groupNodes(doc, [id, 'lin2', 'W2'], 'outer', undefined);
    const big = importOnnx(bigOnnx(400), 'big');
    if (!nested || !big.ok) throw new Error('no documents');
    for (const d of [nested.doc, big.file.diagram]) {
      expect(d.groups.length).toBeGreaterThan(1);
      for (const g of d.groups) expect(groupParams(d, g.id)).toEqual(naive(d, g.id));
    }
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

describe("a group's parameter strand", () => {
  it('names every parameter when they are few, else all but the last line, which counts the rest', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 40 }), fc.integer({ min: 1, max: 20 }), (names, named) => {
        const { shown, more } = stackedParams(names, named);
        expect([...shown, ...more]).toEqual(names);
        // never more lines than `named`: the names shown and, when some are left, one that counts them
        expect(shown.length + (more.length > 0 ? 1 : 0)).toBeLessThanOrEqual(Math.max(named, 1));
        expect(more.length === 0).toBe(names.length <= named);
      }),
      { seed: fcSeed() },
    );
  });

  it("names a transformer block's ten parameters one by one", () => {
    const doc = loadExample('catgpt-tiny');
    for (const g of doc.groups.filter((g) => g.parent === undefined)) {
      const names = groupParams(doc, g.id);
      expect(names.length).toBe(10);
      expect(stackedParams(names).more).toEqual([]);
    }
    expect(PARAMS_NAMED).toBeGreaterThanOrEqual(10);
  });

  it('the gallery examples drawn with groups are the ones e2e/paraStrands.spec.ts looks at', () => {
    const grouped = examples.filter((e) => loadExample(e.id).groups.length > 0).map((e) => e.name);
    expect(grouped).toEqual(['CatGPT, tiny']);
  });
});
