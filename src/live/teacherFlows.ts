/**
 * What the teacher's page sends the class besides the diagram (docs/class.md#during-the-class):
 * the dataset chosen for everyone, the lesson open and its step (and whether the teacher leads it
 * or lets the students step it themselves), and the animation while it is presented, with its frame. Each is written into the class's map only when it changed; the
 * server lets only the teacher's connection write there. Whether the board shows names is kept
 * there too, for the teacher's own page. A teacher who reloads finds the class's lesson, dataset
 * and choices as they were.
 */
import type * as Y from 'yjs';
import type { LessonStore } from '../classroom/lessonStore';
import type { DatasetBinding } from '../io/document';
import { sharedFrame } from '../train-ui/animate/sharedFrame';
import { presentStore } from '../train-ui/present/presentStore';
import { DATASET, FRAME, indexOf, LESSON, NAMED, PRESENTING, RELEASED, readDataset, readLesson, STEP } from './flows';
import { live } from './liveStore';

const setIfChanged = (map: Y.Map<unknown>, key: string, value: unknown) => {
  if (map.get(key) !== value) map.set(key, value);
};
const deleteIfThere = (map: Y.Map<unknown>, key: string) => {
  if (map.has(key)) map.delete(key);
};

/** Takes up the class's lesson, dataset and the teacher's choices on a page that has none (a reload). */
function resume(map: Y.Map<unknown>, lessons: LessonStore): void {
  const dataset = readDataset(map.get(DATASET));
  live.setState({
    classDataset: dataset.ok ? dataset.value : null,
    lessonReleased: map.get(RELEASED) === true,
    named: map.get(NAMED) === true,
  });
  const lesson = readLesson(map.get(LESSON));
  if (lessons.getState().active || !lesson.ok || !lesson.value) return;
  lessons.getState().begin(lesson.value, 0);
  lessons.getState().go(indexOf(map.get(STEP)), 0);
}

/** Starts writing once the room is synced (`whenSynced` calls back then); returns the stop. */
export function publishFlows(
  map: Y.Map<unknown>,
  lessons: LessonStore,
  whenSynced: (start: () => void) => void,
): () => void {
  let stops: (() => void)[] = [];
  let lessonOf: unknown = null;
  let lessonText = '';

  const lesson = () => {
    const { active, index } = lessons.getState();
    if (!active) {
      deleteIfThere(map, LESSON);
      deleteIfThere(map, STEP);
      return;
    }
    if (active.lesson !== lessonOf) {
      lessonOf = active.lesson;
      lessonText = JSON.stringify(active.lesson);
    }
    map.doc?.transact(() => {
      setIfChanged(map, LESSON, lessonText);
      setIfChanged(map, STEP, index);
    });
  };

  const presenting = () => {
    const { showing } = presentStore.getState();
    if (!showing) {
      deleteIfThere(map, PRESENTING);
      return;
    }
    map.doc?.transact(() => {
      setIfChanged(map, PRESENTING, showing);
      if (showing === 'animation') setIfChanged(map, FRAME, sharedFrame.getState().shown ?? 0);
    });
  };

  const chooseDataset = (binding: DatasetBinding | null) => {
    live.setState({ classDataset: binding });
    if (binding) setIfChanged(map, DATASET, JSON.stringify({ id: binding.id, options: binding.options }));
    else deleteIfThere(map, DATASET);
  };

  /** A choice of the teacher's kept in the class's map as `true`, or absent. */
  const keep = (key: string, on: boolean) => {
    if (on) setIfChanged(map, key, true);
    else deleteIfThere(map, key);
  };

  let stopped = false;
  whenSynced(() => {
    if (stopped) return;
    resume(map, lessons);
    lesson();
    presenting();
    stops = [
      lessons.subscribe(lesson),
      presentStore.subscribe(presenting),
      sharedFrame.subscribe(presenting),
      live.subscribe((s, prev) => {
        if (s.lessonReleased === prev.lessonReleased && s.named === prev.named) return;
        map.doc?.transact(() => {
          keep(RELEASED, s.lessonReleased);
          keep(NAMED, s.named);
        });
      }),
    ];
    live.setState({ chooseDataset });
  });

  return () => {
    stopped = true;
    for (const stop of stops) stop();
    live.setState({ chooseDataset: null, classDataset: null, lessonReleased: false, named: false });
  };
}
