/**
 * Whatever the editor lets a user make, the loader takes back: a document built by the editor's
 * own commands at and past their limits (long labels and names, groups nested deep) passes the
 * checks autosave's restore and Open apply, so no work is ever refused on the next start.
 */
import { describe, expect, it } from 'vitest';
import { parseDocumentText } from '../../io/parse';
import { createEditorStore } from '../store/createEditorStore';
import { xorExample } from './xorExample';

const loadsBack = (doc: unknown) => {
  const r = parseDocumentText(JSON.stringify(doc));
  return r.ok ? [] : r.errors;
};

describe("the editor's own limits", () => {
  it('keeps long labels and group names within what a document may hold', () => {
    const store = createEditorStore({ doc: xorExample() });
    const s = () => store.getState();
    s().setLabel('lin1', 'λ'.repeat(5000));
    s().select(['tanh1', 'lin2']);
    const g = s().groupSelection('g'.repeat(5000));
    expect(g).not.toBeNull();
    s().setLabel(g as string, 'n'.repeat(5000));
    expect(s().doc.boxes.find((b) => b.id === 'lin1')?.label).toHaveLength(200);
    expect(s().doc.groups.find((x) => x.id === g)?.name).toHaveLength(120);
    expect(loadsBack(s().doc)).toEqual([]);
  });

  it('loads back groups nested far deeper than JSON nesting may go', () => {
    const store = createEditorStore({ doc: xorExample() });
    const s = () => store.getState();
    let id: string | null = 'tanh1';
    for (let depth = 0; depth < 80 && id; depth++) {
      s().select([id]);
      id = s().groupSelection(`level ${depth}`);
    }
    expect(id).not.toBeNull();
    expect(s().doc.groups).toHaveLength(80);
    expect(loadsBack(s().doc)).toEqual([]);
  });
});
