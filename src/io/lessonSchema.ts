/**
 * A lesson file (docs/lessons.md, "The lesson file"): a diagram to start from — written out
 * whole, or a gallery example by name — and a list of steps, each highlighting boxes, wires,
 * ports and controls of the page with a short text, some waiting for the user to act. A step
 * points at a panel or a button by highlighting it, never by naming where it sits on the
 * screen: where it sits depends on the window.
 */
import { lazySchema, z } from '../kinds/zod';

export const LESSON_FORMAT = 'lensboard-lesson';
export const LESSON_VERSION = 1;
/** A lesson's steps are at most 60 × 600 characters of text: a document and this much more. */
export const MAX_LESSON_EXTRA_CHARS = 200_000;

const Id = lazySchema(() => z.string().min(1).max(64));
/** `box.port`: a port of a box of the lesson's diagram. */
const PortName = lazySchema(() => z.string().regex(/^[^.\s]+\.[^.\s]+$/, 'a port is written box.port, like lin1.x'));

/** What a step waits for before Next is offered; each is read off the editor or the training session. */
export const WaitSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    /** A wire from one port to another (the user drags it). */
    z.object({ kind: z.literal('wire'), from: PortName, to: PortName, say: z.string().max(200).optional() }),
    /** The box is selected, so the inspector shows it. */
    z.object({ kind: z.literal('select'), box: Id, say: z.string().max(200).optional() }),
    /** A box of this generator exists (the user dragged it from the palette). */
    z.object({ kind: z.literal('add'), generator: Id, say: z.string().max(200).optional() }),
    /** A config field of a box has this value (typed in the inspector). */
    z.object({
      kind: z.literal('config'),
      box: Id,
      key: Id,
      value: z.union([z.string(), z.number(), z.boolean()]),
      say: z.string().max(200).optional(),
    }),
    /** An overlay of the editor is open: the reverse derivative, the examples… */
    z.object({
      kind: z.literal('overlay'),
      overlay: z.enum(['reverse', 'examples', 'shortcuts', 'picture']),
      say: z.string().max(200).optional(),
    }),
    /** The lens view (backward strands) is on. */
    z.object({ kind: z.literal('lens-view'), say: z.string().max(200).optional() }),
    /** The training session took this many more steps since the step began (Step, or Play). */
    z.object({
      kind: z.literal('train'),
      steps: z.number().int().min(1).max(100_000),
      say: z.string().max(200).optional(),
    }),
    /** A training step is being animated on the canvas (Animate a step). */
    z.object({ kind: z.literal('animate'), say: z.string().max(200).optional() }),
  ]),
);

/**
 * The panels and buttons of the page a step may point at (the classroom finds each by its
 * label: classroom/controls.ts).
 */
export const LESSON_CONTROLS = [
  'palette',
  'inspector',
  'reverse-section',
  'data',
  'training',
  'play',
  'step',
  'animate',
  'lens-view',
  'show-reverse',
  'lessons',
] as const;
export type LessonControl = (typeof LESSON_CONTROLS)[number];

export const HighlightSchema = lazySchema(() =>
  z.object({
    boxes: z.array(Id).max(50).default([]),
    wires: z.array(Id).max(50).default([]),
    ports: z.array(PortName).max(50).default([]),
    controls: z.array(z.enum(LESSON_CONTROLS)).max(LESSON_CONTROLS.length).default([]),
  }),
);

export const StepSchema = lazySchema(() =>
  z.object({
    title: z.string().min(1).max(80),
    text: z.string().min(1).max(600),
    highlight: HighlightSchema.default({ boxes: [], wires: [], ports: [], controls: [] }),
    wait: WaitSchema.optional(),
  }),
);

/** Start from an example (optionally without some of its wires, for the user to draw), or a document written out. */
export const StartSchema = lazySchema(() =>
  z.union([
    z.object({ example: Id, withoutWires: z.array(Id).max(50).default([]) }),
    z.object({ document: z.unknown() }),
  ]),
);

/** The lesson file: `format` tells it from a document or a model file at the one door (openFile.ts). */
export const LessonSchema = lazySchema(() =>
  z.object({
    format: z.literal(LESSON_FORMAT),
    version: z.literal(LESSON_VERSION),
    id: Id,
    title: z.string().min(1).max(100),
    summary: z.string().min(1).max(300),
    start: StartSchema,
    steps: z.array(StepSchema).min(1).max(60),
  }),
);

export type Wait = z.infer<typeof WaitSchema>;
export type Highlight = z.infer<typeof HighlightSchema>;
export type LessonStep = z.infer<typeof StepSchema>;
export type Lesson = z.infer<typeof LessonSchema>;
