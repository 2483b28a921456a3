/** For the My boxes tests: an editor store holding one saved box, a linear ; sigmoid group named "layer". */
import { createEditorStore } from '../store/createEditorStore';

export function groupedLayer() {
  const store = createEditorStore();
  const s = () => store.getState();
  const lin = s().addBox('linear', { x: 200, y: 0 }, { in: 4, out: 3 });
  const sig = s().addBox('sigmoid', { x: 400, y: 0 });
  s().connect({ box: lin, port: 'y' }, { box: sig, port: 'x' });
  s().select([lin, sig]);
  const g = s().groupSelection('layer') as string;
  return { store, s, g };
}
