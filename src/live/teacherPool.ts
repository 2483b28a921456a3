/**
 * The teacher's side of the class's pool (docs/class.md#pool-the-classs-data): it reads the shape
 * of the teacher's diagram's dataset (poolShape.ts) whenever the diagram's dataset changes and
 * writes it into the class's room, so students' pages ask for points of that shape, or says in
 * the Class panel why that dataset cannot be pooled; "Pool the class's data" then gathers every
 * student's points, each checked against the shape, into the class's dataset (pool.ts).
 */

import type * as Y from 'yjs';
import { catalogEntry, entryShapes, loadDataset } from '../data/catalog';
import { CSV_DATASET_ID } from '../data/csvBinding';
import type { Dataset } from '../data/dataset';
import type { EditorStore } from '../editor/store/createEditorStore';
import type { DatasetBinding } from '../io/document';
import { keepCsv, trainingData } from '../train-ui/data/csvStore';
import { shownName } from './board';
import type { Opened } from './connection';
import { live } from './liveStore';
import { POINTS, POOL, POOL_NAME, poolBinding, pooledDataset, poolPoints, poolProblem, writePool } from './pool';
import { MAX_POOL_FEATURES, PLANE, POOL_SHAPE, type PoolShape, poolShapeOf, readPoolShape } from './poolShape';

/** The dataset the diagram is bound to, loaded only when its shapes could be pooled (no MNIST on the page). */
async function boundDataset(b: DatasetBinding): Promise<Dataset | string> {
  if (b.id === CSV_DATASET_ID) return (await trainingData(b)) as Dataset;
  const entry = catalogEntry(b.id);
  const { featureShape } = entryShapes(entry, b.options ?? {});
  const width = featureShape[0] ?? 0;
  if (entry.task !== 'classification' || featureShape.length !== 1 || width > MAX_POOL_FEATURES)
    return `The class’s points cannot be pooled for “${entry.name}”: pooling takes a classifier with a flat input of at most ${MAX_POOL_FEATURES} features.`;
  return loadDataset(b.id, b.options);
}

export async function shapeOfBinding(b: DatasetBinding | undefined): Promise<PoolShape | string> {
  if (b === undefined) return PLANE;
  try {
    const ds = await boundDataset(b);
    return typeof ds === 'string' ? ds : poolShapeOf(ds);
  } catch (e) {
    return `The class’s points cannot be pooled: ${e instanceof Error ? e.message : String(e)}`;
  }
}

export interface PoolSides {
  readonly classMap: Y.Map<unknown>;
  readonly store: EditorStore;
  readonly students: ReadonlyMap<string, Opened>;
  /** Calls `start` once the class's room is synced. */
  readonly whenSynced: (start: () => void) => void;
  /** Whether the canvas shows a student's model instead of the class's diagram. */
  readonly aside: () => boolean;
}

export function runTeacherPool({ classMap, store, students, whenSynced, aside }: PoolSides): () => void {
  let shape: PoolShape | string = PLANE;
  let read: DatasetBinding | undefined | null = null;
  let serial = 0;
  let synced = false;
  const refresh = () => {
    const b = store.getState().doc.dataset;
    if (!synced || b === read || aside()) return;
    read = b;
    if (b?.id === CSV_DATASET_ID && b.options?.name === POOL_NAME) {
      serial++;
      // The pool's own binding keeps the shape the room holds, the one it was made with (after a reload too).
      const kept = readPoolShape(classMap.get(POOL_SHAPE));
      if (typeof kept !== 'string') {
        shape = kept;
        live.setState({ poolShape: kept, poolRefused: null });
      }
      return;
    }
    const mine = ++serial;
    void shapeOfBinding(b).then((got) => {
      if (mine !== serial) return;
      shape = got;
      if (typeof got === 'string') classMap.delete(POOL_SHAPE);
      else if (JSON.stringify(classMap.get(POOL_SHAPE)) !== JSON.stringify(got)) classMap.set(POOL_SHAPE, got);
      live.setState({
        poolShape: typeof got === 'string' ? PLANE : got,
        poolRefused: typeof got === 'string' ? got : null,
      });
    });
  };
  whenSynced(() => {
    synced = true;
    refresh();
  });
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.doc.dataset !== prev.doc.dataset) refresh();
  });

  const poolClass = () => {
    if (aside()) {
      live.setState({
        poolNote: { text: 'Go back to the class’s diagram first: the pool is bound to it.', problems: [] },
      });
      return;
    }
    if (typeof shape === 'string') {
      live.setState({ poolNote: { text: `Nothing pooled. ${shape}`, problems: [] } });
      return;
    }
    const s = shape;
    const { rows, named } = live.getState();
    const { points, problems } = poolPoints(
      rows.map((r, i) => ({ who: shownName(r, i, named), raw: students.get(r.id)?.doc.getArray(POINTS).toJSON() })),
      s,
    );
    const refused = poolProblem(points, s);
    if (refused !== null) {
      live.setState({ poolNote: { text: `Nothing pooled: ${refused}.`, problems } });
      return;
    }
    // The rows go first, in the class's room and this page's store; the diagram bound to them follows.
    classMap.set(POOL, writePool(points, s));
    void keepCsv(poolBinding(points, s).key, pooledDataset(points, s));
    store.getState().setDataset({ id: 'csv', options: { ...poolBinding(points, s) } });
    // A dataset chosen for everyone would stand in front of the pool: the pool is the class's now.
    live.getState().chooseDataset?.(null);
    const from = rows.filter((r) => (students.get(r.id)?.doc.getArray(POINTS).length ?? 0) > 0).length;
    live.setState({
      poolNote: {
        text: `Pooled ${points.length} points from ${from} student${from === 1 ? '' : 's'}: the class’s diagram now trains on them.`,
        problems,
      },
    });
  };
  live.setState({ poolClass });

  return () => {
    serial++;
    unsubscribe();
    live.setState({ poolClass: null, poolNote: null, poolRefused: null });
  };
}
