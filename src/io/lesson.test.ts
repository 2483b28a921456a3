/**
 * Reading a lesson on the io floor (./lesson): the diagram it starts from (an example without
 * some wires, or a document written out), and every box, wire and port its steps name checked
 * against that diagram, each refusal at its JSON path; the tree's caps before the schema.
 */
import { describe, expect, it } from 'vitest';
import { loadExample } from './examples';
import { parseLesson } from './lesson';
import { LESSON_FORMAT, LESSON_VERSION } from './lessonSchema';

type Json = Record<string, unknown>;

const lesson = (start: Json, steps: Json[]): Json => ({
  format: LESSON_FORMAT,
  version: LESSON_VERSION,
  id: 'test',
  title: 'A test',
  summary: 'Checks the reader.',
  start,
  steps,
});

const step = (extra: Json = {}): Json => ({ title: 'A step', text: 'Do it.', ...extra });

const errorsOf = (json: unknown) => {
  const r = parseLesson(json);
  return r.ok ? [] : r.errors;
};

describe('parseLesson', () => {
  it('opens an example without the wires it leaves for the user to draw', () => {
    const r = parseLesson(lesson({ example: 'xor', withoutWires: ['w1', 'w3'] }, [step()]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const ids = r.ready.doc.wires.map((w) => w.id);
    expect(ids).not.toContain('w1');
    expect(ids).not.toContain('w3');
    expect(ids).toHaveLength(loadExample('xor').wires.length - 2);
    expect(r.ready.lesson.steps[0].highlight).toEqual({ boxes: [], wires: [], ports: [], controls: [] });
  });

  it('names an example that does not exist, and a wire the example does not have', () => {
    expect(errorsOf(lesson({ example: 'no-such-example' }, [step()]))[0].path).toBe('start.example');
    expect(errorsOf(lesson({ example: 'xor', withoutWires: ['w1', 'nope'] }, [step()]))).toEqual([
      { path: 'start.withoutWires[1]', message: "the example 'xor' has no wire 'nope'" },
    ]);
  });

  it('checks each name a step uses against the diagram, at its path', () => {
    const errors = errorsOf(
      lesson({ example: 'xor', withoutWires: ['w1'] }, [
        step({
          highlight: { boxes: ['lin1', 'ghost'], wires: ['w2', 'w1'], ports: ['lin1.x', 'lin1.nope', 'gone.x'] },
        }),
        step({ wait: { kind: 'wire', from: 'x.x', to: 'lin9.x' } }),
        step({ wait: { kind: 'select', box: 'phantom' } }),
        step({ wait: { kind: 'config', box: 'lin1', key: 'out', value: 3 } }),
      ]),
    );
    expect(errors).toEqual([
      { path: 'steps[0].highlight.boxes[1]', message: "the diagram has no box 'ghost'" },
      // the wire the lesson took away is not in the diagram it opens
      { path: 'steps[0].highlight.wires[1]', message: "the diagram has no wire 'w1'" },
      {
        path: 'steps[0].highlight.ports[1]',
        message: "the box 'lin1' has no port 'nope' (it has W, x, y)",
      },
      { path: 'steps[0].highlight.ports[2]', message: "the diagram has no box 'gone'" },
      { path: 'steps[1].wait.to', message: "the diagram has no box 'lin9'" },
      { path: 'steps[2].wait.box', message: "the diagram has no box 'phantom'" },
    ]);
  });

  it('starts from a document written out, naming its faults under start.document', () => {
    const doc = loadExample('xor');
    const r = parseLesson(lesson({ document: doc }, [step({ highlight: { boxes: ['opt'] } })]));
    expect(r.ok && r.ready.doc.boxes.length).toBe(doc.boxes.length);
    const broken = { ...doc, boxes: doc.boxes.map((b, i) => (i === 2 ? { ...b, position: { x: 'left', y: 0 } } : b)) };
    const errors = errorsOf(lesson({ document: broken }, [step()]));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e.path.startsWith('start.document.'))).toBe(true);
    expect(errors.some((e) => e.path.startsWith('start.document.boxes[2]'))).toBe(true);
  });

  it('refuses what the schema refuses at its path, and an unsafe tree before the schema', () => {
    expect(errorsOf({ ...lesson({ example: 'xor' }, []) })[0].path).toBe('steps');
    expect(errorsOf(lesson({ example: 'xor' }, [step({ wait: { kind: 'wire', from: 'x', to: 'lin1.x' } })]))).toEqual([
      { path: 'steps[0].wait.from', message: 'a port is written box.port, like lin1.x' },
    ]);
    expect(errorsOf(JSON.parse('{"format":"lensboard-lesson","__proto__":{}}'))).toEqual([
      { path: '__proto__', message: 'the key "__proto__" is not allowed' },
    ]);
  });

  it('names the ports a box has, or none, when a step names one it lacks', () => {
    const d = loadExample('xor');
    const document = {
      ...d,
      boxes: [...d.boxes, { id: 'odd', generator: 'no-such-generator', position: { x: 0, y: 0 } }],
    };
    expect(errorsOf(lesson({ document }, [step({ highlight: { ports: ['odd.x', 'x.x', 'loss.nope'] } })]))).toEqual([
      { path: 'steps[0].highlight.ports[0]', message: "the box 'odd' has no port 'x' (it has none)" },
      { path: 'steps[0].highlight.ports[2]', message: "the box 'loss' has no port 'nope' (it has ŷ, y, l)" },
    ]);
  });

  it("takes a group's exposed ports as its ports, and its id as a box's", () => {
    const d = loadExample('xor');
    const port = { box: 'lin1', port: 'x' };
    const document = {
      ...d,
      groups: [
        {
          id: 'blk',
          name: 'Block',
          position: { x: 0, y: 0 },
          inputs: [{ name: 'in', ...port }],
          outputs: [{ name: 'out', box: 'lin1', port: 'y' }],
        },
      ],
    };
    expect(
      errorsOf(
        lesson({ document }, [
          step({ highlight: { boxes: ['blk'], ports: ['blk.in', 'blk.out', 'blk.x'] } }),
          step({ wait: { kind: 'wire', from: 'blk.out', to: 'bias1.x' } }),
          step({ wait: { kind: 'wire', from: 'blk.y', to: 'blk.in' } }),
          step({ wait: { kind: 'config', box: 'blk', key: 'out', value: 1 } }),
          step({ wait: { kind: 'config', box: 'ghost', key: 'out', value: 1 } }),
          step({ wait: { kind: 'add', generator: 'ghost' } }),
        ]),
      ),
    ).toEqual([
      { path: 'steps[0].highlight.ports[2]', message: "the box 'blk' has no port 'x' (it has in, out)" },
      { path: 'steps[2].wait.from', message: "the box 'blk' has no port 'y' (it has in, out)" },
      { path: 'steps[4].wait.box', message: "the diagram has no box 'ghost'" },
    ]);
  });

  it('names a start document that is not one at start.document itself, and an unknown example word for word', () => {
    expect(errorsOf(lesson({ document: 5 }, [step()]))).toEqual([
      { path: 'start.document', message: 'a document is a JSON object' },
    ]);
    const [unknown] = errorsOf(lesson({ example: 'no-such-example' }, [step()]));
    expect(unknown).toEqual({
      path: 'start.example',
      message: expect.stringMatching(/^no example 'no-such-example'; known: .*\bxor\b/),
    });
  });

  it("reports the example's missing wires and the steps' faults together", () => {
    expect(
      errorsOf(lesson({ example: 'xor', withoutWires: ['nope'] }, [step({ highlight: { wires: ['w1', 'gone'] } })])),
    ).toEqual([
      { path: 'start.withoutWires[0]', message: "the example 'xor' has no wire 'nope'" },
      { path: 'steps[0].highlight.wires[1]', message: "the diagram has no wire 'gone'" },
    ]);
  });

  it('reads a lesson whose every name is in its diagram as given', () => {
    const json = lesson({ example: 'xor' }, [
      step({ highlight: { boxes: ['lin1'], wires: ['w1'], ports: ['lin1.W'], controls: ['play'] } }),
      step({ wait: { kind: 'wire', from: 'lin1.y', to: 'bias1.x' } }),
      step({ wait: { kind: 'select', box: 'tanh1' } }),
    ]);
    const r = parseLesson(json);
    expect(r).toEqual({
      ok: true,
      ready: {
        lesson: expect.objectContaining({ id: 'test', start: { example: 'xor', withoutWires: [] } }),
        doc: loadExample('xor'),
      },
    });
  });
});
