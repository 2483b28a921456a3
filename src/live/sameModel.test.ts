import { describe, expect, it } from 'vitest';
import { loadExample } from '../io/examples';
import { sameModel } from './sameModel';

describe('a teacher’s edit that keeps the model', () => {
  const doc = loadExample('iris-simple');
  const [first] = doc.boxes;
  if (!first) throw new Error('iris-simple: no boxes');

  it('moving or relabelling a box, or renaming the document, keeps it', () => {
    const moved = {
      ...doc,
      name: 'Renamed',
      boxes: doc.boxes.map((b, i) => (i === 0 ? { ...b, position: { x: b.position.x + 40, y: 7 }, label: 'mine' } : b)),
    };
    expect(sameModel(doc, moved)).toBe(true);
  });

  it('a config, a wire, the dataset or the training settings changed is another model', () => {
    const configured = {
      ...doc,
      boxes: doc.boxes.map((b, i) => (i === 0 ? { ...b, config: { ...b.config, x: 1 } } : b)),
    };
    expect(sameModel(doc, configured)).toBe(false);
    expect(sameModel(doc, { ...doc, wires: doc.wires.slice(1) })).toBe(false);
    expect(sameModel(doc, { ...doc, dataset: { id: 'other', options: {} } })).toBe(false);
    expect(sameModel(doc, { ...doc, training: { ...doc.training, epochs: 3 } as typeof doc.training })).toBe(false);
  });
});
