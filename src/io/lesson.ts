/**
 * Reading a lesson file: the zod schema, then the diagram it starts from, then every box, wire
 * and port a step names, which must be in that diagram. Every error names its JSON path
 * (`steps[2].highlight.boxes[0]`), so a teacher can find it in the file (docs/lessons.md).
 * Opened files and share links reach it through the checked door (untrusted.ts: size, depth,
 * forbidden keys), and a value that never was text is held to the same tree checks here.
 */

import type { PortSpec } from '../core/generator';
import { describeBox } from '../kinds/boxKinds';
import type { LensDocument } from './document';
import { loadExample } from './examples';
import { type Lesson, LessonSchema } from './lessonSchema';
import { parseDocument } from './parse';
import { type DocumentIssue, findUnsafe, formatPath } from './untrusted';

export { MAX_LESSON_EXTRA_CHARS } from './lessonSchema';

export interface ReadyLesson {
  readonly lesson: Lesson;
  /** The diagram the lesson opens, with the wires it leaves for the user to draw taken away. */
  readonly doc: LensDocument;
}

export type LessonParse = { ok: true; ready: ReadyLesson } | { ok: false; errors: DocumentIssue[] };

function startDocument(lesson: Lesson): { doc?: LensDocument; errors: DocumentIssue[] } {
  const start = lesson.start;
  if ('document' in start) {
    const parsed = parseDocument(start.document);
    if (parsed.ok) return { doc: parsed.doc, errors: [] };
    return {
      errors: parsed.errors.map((e) => ({ path: `start.document${e.path ? `.${e.path}` : ''}`, message: e.message })),
    };
  }
  let doc: LensDocument;
  try {
    doc = loadExample(start.example);
  } catch (e) {
    return { errors: [{ path: 'start.example', message: (e as Error).message }] };
  }
  const errors: DocumentIssue[] = [];
  start.withoutWires.forEach((id, i) => {
    if (!doc.wires.some((w) => w.id === id))
      errors.push({ path: `start.withoutWires[${i}]`, message: `the example '${start.example}' has no wire '${id}'` });
  });
  const gone = new Set(start.withoutWires);
  return { doc: { ...doc, wires: doc.wires.filter((w) => !gone.has(w.id)) }, errors };
}

/** The ports of a box or group of the document, or null when it has none by that id. */
function portsOf(doc: LensDocument, id: string): readonly PortSpec[] | null {
  const box = doc.boxes.find((b) => b.id === id);
  if (box) {
    const d = describeBox(box.generator);
    try {
      const p = d?.ports(box.config);
      return p ? [...p.inputs, ...p.outputs] : [];
    } catch {
      return []; // a config the port rule cannot read: the compiler reports it
    }
  }
  const group = doc.groups.find((g) => g.id === id);
  return group ? [...group.inputs, ...group.outputs].map((p) => ({ name: p.name })) : null;
}

/** `box.port` names a box of the diagram and one of its ports. */
function portProblem(doc: LensDocument, ref: string): string | null {
  const [box, port] = ref.split('.');
  const ports = portsOf(doc, box);
  if (!ports) return `the diagram has no box '${box}'`;
  if (!ports.some((p) => p.name === port))
    return `the box '${box}' has no port '${port}' (it has ${ports.map((p) => p.name).join(', ') || 'none'})`;
  return null;
}

/** Every name a step uses must be in the diagram the lesson opens. */
function referenceErrors(lesson: Lesson, doc: LensDocument): DocumentIssue[] {
  const boxes = new Set([...doc.boxes.map((b) => b.id), ...doc.groups.map((g) => g.id)]);
  const wires = new Set(doc.wires.map((w) => w.id));
  const errors: DocumentIssue[] = [];
  const box = (path: string, id: string) => {
    if (!boxes.has(id)) errors.push({ path, message: `the diagram has no box '${id}'` });
  };
  const port = (path: string, ref: string) => {
    const problem = portProblem(doc, ref);
    if (problem) errors.push({ path, message: problem });
  };
  lesson.steps.forEach((s, i) => {
    const at = `steps[${i}]`;
    s.highlight.boxes.forEach((id, j) => {
      box(`${at}.highlight.boxes[${j}]`, id);
    });
    s.highlight.wires.forEach((id, j) => {
      if (!wires.has(id))
        errors.push({ path: `${at}.highlight.wires[${j}]`, message: `the diagram has no wire '${id}'` });
    });
    s.highlight.ports.forEach((ref, j) => {
      port(`${at}.highlight.ports[${j}]`, ref);
    });
    const w = s.wait;
    if (w?.kind === 'wire') {
      port(`${at}.wait.from`, w.from);
      port(`${at}.wait.to`, w.to);
    }
    if (w?.kind === 'select' || w?.kind === 'config') box(`${at}.wait.box`, w.box);
  });
  return errors;
}

export function parseLesson(json: unknown): LessonParse {
  const unsafe = findUnsafe(json);
  if (unsafe) return { ok: false, errors: [unsafe] };
  const parsed = LessonSchema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      errors: parsed.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message })),
    };
  const lesson = parsed.data;
  const { doc, errors } = startDocument(lesson);
  if (!doc) return { ok: false, errors };
  const all = [...errors, ...referenceErrors(lesson, doc)];
  return all.length > 0 ? { ok: false, errors: all } : { ok: true, ready: { lesson, doc } };
}
