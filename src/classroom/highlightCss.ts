/**
 * A step's highlight as a style sheet: the canvas's boxes, wires and ports are found by the
 * ids React Flow writes on them, so no box re-renders when a lesson moves on.
 */
import type { Highlight } from '../io/lessonSchema';

const esc = (s: string) => s.replace(/["\\]/g, (c) => `\\${c}`).replace(/[\n\r\f]/g, '');

export function highlightCss(h: Highlight): string {
  const rules: string[] = [];
  for (const id of h.boxes)
    rules.push(`main .react-flow__node[data-id="${esc(id)}"] > * { box-shadow: 0 0 0 4px #fff, 0 0 0 8px #f59e0b; }`);
  for (const id of h.wires)
    rules.push(`main .react-flow__edge[data-id="${esc(id)}"] path.typed-wire { stroke: #f59e0b; stroke-width: 5; }`);
  for (const ref of h.ports) {
    const [box, port] = ref.split('.');
    rules.push(
      `main .react-flow__node[data-id="${esc(box)}"] .react-flow__handle[data-handleid="${esc(port)}"] { background: #f59e0b; border-color: #b45309; box-shadow: 0 0 0 6px rgba(245, 158, 11, 0.45); }`,
    );
  }
  return rules.join('\n');
}

/** CSS selectors of what is highlighted, to measure where it is on the screen. */
export function highlightSelectors(h: Highlight): string[] {
  return [
    ...h.boxes.map((id) => `main .react-flow__node[data-id="${esc(id)}"]`),
    ...h.wires.map((id) => `main .react-flow__edge[data-id="${esc(id)}"] path.typed-wire`),
    ...h.ports.map((ref) => {
      const [box, port] = ref.split('.');
      return `main .react-flow__node[data-id="${esc(box)}"] .react-flow__handle[data-handleid="${esc(port)}"]`;
    }),
  ];
}
