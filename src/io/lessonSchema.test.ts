/**
 * The lesson file's schema (./lessonSchema) on the io floor: a lesson that uses every kind of
 * wait, every control and every optional field is read back as written; what a lesson leaves out
 * gets its default; and each field's limits refuse one past them, at the field's JSON path and
 * with zod's message (the port's own message for a port not written box.port).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type * as LessonModule from './lessonSchema';
import { LESSON_CONTROLS, LESSON_FORMAT, LESSON_VERSION } from './lessonSchema';
import { formatPath } from './untrusted';

/**
 * Each test reads the schemas of a load of its own: lazySchema builds a schema on its first read,
 * so with one load shared by the file only the first test to read it would run the code that
 * builds it, and the rules the later tests check would never be checked as built.
 */
let loads = 0;
let LessonSchema: typeof LessonModule.LessonSchema;
beforeEach(async () => {
  ({ LessonSchema } = (await import(/* @vite-ignore */ `./lessonSchema?build-${++loads}`)) as typeof LessonModule);
});

type Json = Record<string, unknown>;

const step = (extra: Json = {}): Json => ({ title: 'A step', text: 'Do it.', ...extra });

const lesson = (extra: Json = {}): Json => ({
  format: LESSON_FORMAT,
  version: LESSON_VERSION,
  id: 'lens',
  title: 'A lens',
  summary: 'Forward and backward.',
  start: { example: 'xor', withoutWires: ['w1'] },
  steps: [step()],
  ...extra,
});

/** Each refusal as [path, message]; [] when the lesson is read. */
const refusals = (json: unknown) => {
  const r = LessonSchema.safeParse(json);
  return r.success ? [] : r.error.issues.map((i) => [formatPath(i.path), i.message]);
};

const say = 'Look here.';
const allWaits = [
  { kind: 'wire', from: 'lin1.y', to: 'bias1.x', say },
  { kind: 'select', box: 'lin1', say },
  { kind: 'add', generator: 'sigmoid', say },
  { kind: 'config', box: 'lin1', key: 'out', value: 3, say },
  { kind: 'config', box: 'lin1', key: 'name', value: 'wide', say },
  { kind: 'config', box: 'lin1', key: 'bias', value: false, say },
  { kind: 'overlay', overlay: 'reverse', say },
  { kind: 'overlay', overlay: 'examples', say },
  { kind: 'overlay', overlay: 'shortcuts', say },
  { kind: 'overlay', overlay: 'picture', say },
  { kind: 'lens-view', say },
  { kind: 'train', steps: 20, say },
  { kind: 'animate', say },
];

describe('LessonSchema', () => {
  it('reads a lesson using every wait, every control and every optional field as it is written', () => {
    const highlight = {
      boxes: ['lin1', 'bias1'],
      wires: ['w2'],
      ports: ['lin1.y', 'bias1.x'],
      controls: [...LESSON_CONTROLS],
    };
    const full = lesson({
      steps: [step({ highlight }), ...allWaits.map((wait) => step({ highlight, wait }))],
    });
    expect(LessonSchema.parse(full)).toEqual(full);
    const fromDocument = lesson({ start: { document: { anything: [1] } }, steps: [step({ highlight })] });
    expect(LessonSchema.parse(fromDocument)).toEqual(fromDocument);
    // each wait is read without its `say` too
    for (const { say: _, ...wait } of allWaits) expect(refusals(lesson({ steps: [step({ wait })] }))).toEqual([]);
  });

  it('gives what a lesson leaves out its default: no highlight, no wires taken away', () => {
    const read = LessonSchema.parse(lesson({ start: { example: 'xor' }, steps: [step(), step({ highlight: {} })] }));
    const none = { boxes: [], wires: [], ports: [], controls: [] };
    expect(read.start).toEqual({ example: 'xor', withoutWires: [] });
    expect(read.steps.map((s) => s.highlight)).toEqual([none, none]);
    expect(read.steps[0]).toEqual({ title: 'A step', text: 'Do it.', highlight: none });
  });

  it('takes each limit exactly and refuses one past it, at its path', () => {
    const x = (n: number) => 'x'.repeat(n);
    const at = (highlight: Json) => lesson({ steps: [step({ highlight })] });
    for (const ok of [
      lesson({ id: x(64), title: x(100), summary: x(300) }),
      lesson({ id: 'l' }),
      lesson({ steps: Array.from({ length: 60 }, () => step({ title: x(80), text: x(600) })) }),
      lesson({ steps: [step({ title: 'T', text: 'D' })] }),
      lesson({ start: { example: x(64), withoutWires: Array.from({ length: 50 }, () => x(64)) } }),
      at({ boxes: Array(50).fill('b'), wires: Array(50).fill('w'), ports: Array(50).fill('b.p') }),
      lesson({ steps: [step({ wait: { kind: 'train', steps: 1, say: x(200) } })] }),
      lesson({ steps: [step({ wait: { kind: 'train', steps: 100_000 } })] }),
      lesson({ steps: [step({ wait: { kind: 'select', box: x(64) } })] }),
    ])
      expect(refusals(ok)).toEqual([]);

    const small = (what: string, n: number) =>
      `Too small: expected ${what} to have >=${n} ${what === 'string' ? 'characters' : 'items'}`;
    const big = (what: string, n: number) =>
      `Too big: expected ${what} to have <=${n} ${what === 'string' ? 'characters' : 'items'}`;
    for (const [json, path, message] of [
      [lesson({ id: '' }), 'id', small('string', 1)],
      [lesson({ id: x(65) }), 'id', big('string', 64)],
      [lesson({ title: '' }), 'title', small('string', 1)],
      [lesson({ title: x(101) }), 'title', big('string', 100)],
      [lesson({ summary: '' }), 'summary', small('string', 1)],
      [lesson({ summary: x(301) }), 'summary', big('string', 300)],
      [lesson({ steps: [] }), 'steps', small('array', 1)],
      [lesson({ steps: Array.from({ length: 61 }, () => step()) }), 'steps', big('array', 60)],
      [lesson({ steps: [step({ title: '' })] }), 'steps[0].title', small('string', 1)],
      [lesson({ steps: [step({ title: x(81) })] }), 'steps[0].title', big('string', 80)],
      [lesson({ steps: [step({ text: '' })] }), 'steps[0].text', small('string', 1)],
      [lesson({ steps: [step({ text: x(601) })] }), 'steps[0].text', big('string', 600)],
      [at({ boxes: [''] }), 'steps[0].highlight.boxes[0]', small('string', 1)],
      [at({ boxes: Array(51).fill('b') }), 'steps[0].highlight.boxes', big('array', 50)],
      [at({ wires: [x(65)] }), 'steps[0].highlight.wires[0]', big('string', 64)],
      [at({ wires: Array(51).fill('w') }), 'steps[0].highlight.wires', big('array', 50)],
      [at({ ports: Array(51).fill('b.p') }), 'steps[0].highlight.ports', big('array', 50)],
      [at({ controls: [...LESSON_CONTROLS, 'play'] }), 'steps[0].highlight.controls', big('array', 11)],
      [lesson({ start: { example: 'xor', withoutWires: Array(51).fill('w') } }), 'start', 'Invalid input'],
      [lesson({ start: { example: '' } }), 'start.example', small('string', 1)],
      [
        lesson({ steps: [step({ wait: { kind: 'train', steps: 0 } })] }),
        'steps[0].wait.steps',
        'Too small: expected number to be >=1',
      ],
      [
        lesson({ steps: [step({ wait: { kind: 'train', steps: 100_001 } })] }),
        'steps[0].wait.steps',
        'Too big: expected number to be <=100000',
      ],
      [
        lesson({ steps: [step({ wait: { kind: 'train', steps: 1.5 } })] }),
        'steps[0].wait.steps',
        'Invalid input: expected int, received number',
      ],
      [
        lesson({ steps: [step({ wait: { kind: 'lens-view', say: x(201) } })] }),
        'steps[0].wait.say',
        big('string', 200),
      ],
      [lesson({ steps: [step({ wait: { kind: 'select', box: x(65) } })] }), 'steps[0].wait.box', big('string', 64)],
      [
        lesson({ steps: [step({ wait: { kind: 'add', generator: '' } })] }),
        'steps[0].wait.generator',
        small('string', 1),
      ],
      [
        lesson({ steps: [step({ wait: { kind: 'config', box: 'b', key: '', value: 1 } })] }),
        'steps[0].wait.key',
        small('string', 1),
      ],
    ] as const)
      expect(refusals(json), path).toEqual([[path, message]]);
  });

  it('refuses a say over 200 characters in every kind of wait', () => {
    for (const wait of allWaits)
      expect(refusals(lesson({ steps: [step({ wait: { ...wait, say: 'x'.repeat(201) } })] })), wait.kind).toEqual([
        ['steps[0].wait.say', 'Too big: expected string to have <=200 characters'],
      ]);
  });

  it('refuses a port not written box.port, with its own message, wherever a port is named', () => {
    const message = 'a port is written box.port, like lin1.x';
    for (const port of ['lin1', '.x', 'lin1.', 'a.b.c', 'a b.x', 'a.x y', ' a.x', 'a.x ', 'a\t.x', 'a.\nx'])
      expect(
        refusals(
          lesson({ steps: [step({ highlight: { ports: [port] }, wait: { kind: 'wire', from: 'a.x', to: port } })] }),
        ),
        JSON.stringify(port),
      ).toEqual([
        ['steps[0].highlight.ports[0]', message],
        ['steps[0].wait.to', message],
      ]);
    expect(refusals(lesson({ steps: [step({ wait: { kind: 'wire', from: 'a', to: 'b.y' } })] }))).toEqual([
      ['steps[0].wait.from', message],
    ]);
  });

  it('refuses a kind, a control, an overlay or a config value it does not know, and another format or version', () => {
    for (const [json, path, message] of [
      [lesson({ format: 'lensboard-document' }), 'format', 'Invalid input: expected "lensboard-lesson"'],
      [lesson({ version: 2 }), 'version', 'Invalid input: expected 1'],
      [lesson({ start: {} }), 'start', 'Invalid input'],
      [
        lesson({ steps: [step({ wait: { kind: 'drag' } })] }),
        'steps[0].wait.kind',
        "Invalid discriminator value. Expected 'wire' | 'select' | 'add' | 'config' | 'overlay' | 'lens-view' | 'train' | 'animate'",
      ],
      [
        lesson({ steps: [step({ wait: { kind: 'overlay', overlay: 'inspector' } })] }),
        'steps[0].wait.overlay',
        'Invalid option: expected one of "reverse"|"examples"|"shortcuts"|"picture"',
      ],
      [
        lesson({ steps: [step({ highlight: { controls: ['canvas'] } })] }),
        'steps[0].highlight.controls[0]',
        `Invalid option: expected one of ${LESSON_CONTROLS.map((c) => `"${c}"`).join('|')}`,
      ],
      [
        lesson({ steps: [step({ wait: { kind: 'config', box: 'b', key: 'k', value: null } })] }),
        'steps[0].wait.value',
        'Invalid input',
      ],
      [
        lesson({ steps: [step({ wait: { kind: 'config', box: 'b', key: 'k', value: [1] } })] }),
        'steps[0].wait.value',
        'Invalid input',
      ],
    ] as const)
      expect(refusals(json), path).toEqual([[path, message]]);
  });
});
