/**
 * A student's page follows what the teacher sends besides the diagram (docs/class.md#during-the-class):
 * the lesson the teacher opened, at the teacher's step, with its highlight (the student's step
 * buttons say why they are not theirs, until the teacher lets them step it themselves); what the
 * teacher presents, presented here too, the animation at the teacher's frame (each page animates
 * its own run, so the frame is the same box and pass with the student's own numbers). Whatever
 * cannot be read is refused with a notice and changes nothing.
 */
import type * as Y from 'yjs';
import type { LessonStore } from '../classroom/lessonStore';
import { sharedFrame } from '../train-ui/animate/sharedFrame';
import { leavePresentation, present, presentStore, type Shown } from '../train-ui/present/presentStore';
import { FRAME, indexOf, LED, LESSON, PRESENTING, RELEASED, readLesson, readShown, STEP } from './flows';

export interface Follower {
  /** Reads the class's map again and follows what changed. */
  readonly apply: (map: Y.Map<unknown>) => void;
  /** Leaves the class: the lesson and the presentation it began end. */
  readonly stop: () => void;
}

export function followFlows(lessons: LessonStore, notify: (message: string) => void, taken: () => number): Follower {
  let lessonText: unknown;
  let began = false;
  let step = -1;
  let presenting: Shown | null = null;

  const lesson = (map: Y.Map<unknown>) => {
    const v = map.get(LESSON);
    if (v !== lessonText) {
      lessonText = v;
      step = -1;
      const read = readLesson(v);
      if (!read.ok) notify(`The class’s lesson could not be read: ${read.error}`);
      else if (read.value) {
        // No document key: the lesson shows over whichever diagram the teacher sends next.
        lessons.getState().begin(read.value, taken());
        began = true;
      } else if (began) {
        lessons.getState().close();
        began = false;
      }
    }
    // While the teacher leads, the page follows the teacher's step and the step buttons say why
    // they are not the student's; released, the student steps alone until the teacher leads again.
    const led = began && map.get(RELEASED) !== true;
    lessons.getState().lead(led ? LED : null);
    if (!led) {
      step = -1;
      return;
    }
    const at = indexOf(map.get(STEP));
    if (at !== step || lessons.getState().index !== at) {
      step = at;
      lessons.getState().go(at, taken());
    }
  };

  // The teacher's presentation, presented here as led (a bar says whose it is, asks for fullscreen
  // on a press and offers the way out); a student who left it is not brought back until the
  // teacher presents again.
  const presentation = (map: Y.Map<unknown>) => {
    const shown = readShown(map.get(PRESENTING));
    if (shown !== presenting) {
      presenting = shown;
      if (shown) present(shown, true);
      else if (presentStore.getState().led) leavePresentation();
    }
    const follow = shown === 'animation' ? indexOf(map.get(FRAME)) : null;
    if (sharedFrame.getState().follow !== follow) sharedFrame.setState({ follow });
  };

  return {
    apply: (map) => {
      lesson(map);
      presentation(map);
    },
    stop: () => {
      if (began) lessons.getState().close();
      if (presentStore.getState().led) leavePresentation();
      sharedFrame.setState({ follow: null });
    },
  };
}
