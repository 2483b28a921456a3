/**
 * A big diagram for the editor benchmark: a data input, then dense blocks (linear ; bias ;
 * tanh) laid out on a grid, an output — `boxes` boxes in all, every one wired and typed.
 */
import { type BoxDoc, DOCUMENT_FORMAT, DOCUMENT_VERSION, type LensDocument, type WireDoc } from '../io/document';

export function bigDiagram(boxes = 300, width = 8): LensDocument {
  const out: BoxDoc[] = [];
  const wires: WireDoc[] = [];
  const at = (i: number) => ({ x: (i % 20) * 170, y: Math.floor(i / 20) * 140 });
  const add = (generator: string, config: Record<string, unknown> = {}) => {
    const id = `b${out.length}`;
    out.push({ id, generator, config, position: at(out.length) });
    return id;
  };
  const wire = (from: string, fromPort: string, to: string, toPort: string) =>
    wires.push({ id: `w${wires.length}`, from: { box: from, port: fromPort }, to: { box: to, port: toPort } });
  let last = add('input', { shape: [width] });
  let lastPort = 'x';
  const kinds = ['linear', 'bias', 'tanh'] as const;
  for (let k = 0; out.length < boxes - 1; k++) {
    const kind = kinds[k % 3];
    const id = add(kind, kind === 'linear' ? { in: width, out: width } : {});
    wire(last, lastPort, id, 'x');
    last = id;
    lastPort = 'y';
  }
  const end = add('output');
  wire(last, lastPort, end, 'ŷ');
  return { format: DOCUMENT_FORMAT, version: DOCUMENT_VERSION, name: `${boxes} boxes`, boxes: out, wires, groups: [] };
}
