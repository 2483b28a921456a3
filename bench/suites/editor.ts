/**
 * Suite `editor`: re-compile latency after an edit at 300 boxes — in Node (the edit, the same
 * compile the editor runs live, and the canvas's derived nodes and edges) and in Chromium (edit
 * to the painted frame) — and the frame rate while panning a 300-box diagram in Chromium.
 * Goals (bench/README.md): < 30 ms and ≥ 50 fps. On two shared cores these numbers follow the
 * machine's load, so each row notes the load average it ran under.
 */
import { loadavg } from 'node:os';
import { createProjection } from '../../src/editor/canvas/flowProjection';
import { createEditorStore } from '../../src/editor/store/createEditorStore';
import { CATGPT_FULL, catgptDocument } from '../../src/io/examples/transformer';
import { bigDiagram } from '../../src/testing/bigDiagram';
import { median } from '../shared/measure';
import type { BenchRow } from '../shared/table';
import { measureInChromium } from './editorChromium';

const BOXES = 300;
const worst = (xs: readonly number[]) => Math.max(...xs).toFixed(1);
const load = () => `load ${loadavg()[0].toFixed(1)}`;

function recompileLatency(): BenchRow {
  const store = createEditorStore({ doc: bigDiagram(BOXES) });
  const project = createProjection();
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    store.getState().setConfig('b1', 'out', 8 + (i % 2));
    const s = store.getState();
    s.setView({ compiled: store.compile(s.doc) });
    project(s.doc, s.scope, s.selectedNodes, s.selectedWires, s.measured);
    times.push(performance.now() - t0);
  }
  return {
    suite: 'editor',
    name: `re-compile after an edit, ${BOXES} boxes (Node)`,
    value: median(times),
    unit: 'ms',
    note: `edit + compile + nodes/edges; median of 30; goal < 30 ms; worst ${worst(times)} ms; ${load()}`,
  };
}

/**
 * The full CatGPT document (docs/transformer.md: 379 boxes, its 6 blocks as groups): opened
 * (store, first compile, nodes and edges of the top level) and re-compiled after a config edit
 * inside a block, in Node.
 */
export function catgptRows(): BenchRow[] {
  const doc = catgptDocument(CATGPT_FULL);
  const open: number[] = [];
  let store = createEditorStore({ doc });
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    store = createEditorStore({ doc });
    const s = store.getState();
    s.setView({ compiled: store.compile(s.doc) });
    createProjection()(s.doc, s.scope, s.selectedNodes, s.selectedWires, s.measured);
    open.push(performance.now() - t0);
  }
  const project = createProjection();
  const edit: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    store.getState().setConfig('block3.ln1.norm', 'eps', i % 2 ? 1e-5 : 2e-5);
    const s = store.getState();
    s.setView({ compiled: store.compile(s.doc) });
    project(s.doc, s.scope, s.selectedNodes, s.selectedWires, s.measured);
    edit.push(performance.now() - t0);
  }
  const size = `${doc.boxes.length} boxes, ${doc.groups.length} groups`;
  return [
    {
      suite: 'editor',
      name: `open CatGPT (full), ${size} (Node)`,
      value: median(open),
      unit: 'ms',
      note: `store + compile + nodes/edges of the top level; median of 5; worst ${worst(open)} ms; ${load()}`,
    },
    {
      suite: 'editor',
      name: `re-compile after an edit, CatGPT (full), ${size} (Node)`,
      value: median(edit),
      unit: 'ms',
      note: `an ε inside block 3 edited + compile + nodes/edges; median of 20; goal < 30 ms; worst ${worst(edit)} ms; ${load()}`,
    },
  ];
}

export async function benchEditor(): Promise<BenchRow[]> {
  const node = recompileLatency();
  const catgpt = catgptRows();
  const chromium = await measureInChromium(BOXES);
  const paint = chromium.paintMs.slice(1);
  return [
    node,
    ...catgpt,
    {
      suite: 'editor',
      name: `edit to painted result, ${BOXES} boxes (Chromium)`,
      value: median(paint),
      unit: 'ms',
      note: `edit + compile + React commit + paint; median of 20 after a warm-up; goal < 30 ms; worst ${worst(paint)} ms; ${load()}`,
    },
    {
      suite: 'editor',
      name: `fps while panning, ${BOXES} boxes`,
      value: median(chromium.fps),
      unit: 'fps',
      note: `Chromium SwiftShader; frames the display showed, median of 3 pans of 120 pointer moves from empty pane (${chromium.fps.map((f) => f.toFixed(0)).join(', ')}; animation frames ${chromium.rafFps.map((f) => f.toFixed(0)).join(', ')}) after a warm-up pan; goal ≥ 50; ${load()}`,
    },
  ];
}
