/**
 * Share links carry the document (not the weights) compressed in the hash, with classroom
 * flags; reading one is as checked as reading a file, and a deflate bomb stops at the cap.
 * Class locks: shareLink.lock.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { loadExample } from './examples';
import { MAX_DOCUMENT_CHARS } from './parse';
import { readShareHash, shareHash } from './shareLink';

const bytesToUrl = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

async function deflated(text: string): Promise<string> {
  const out = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return bytesToUrl(new Uint8Array(await new Response(out).arrayBuffer()));
}

describe('share links', () => {
  it.each(['xor', 'iris-hidden', 'mnist-conv'])('%s round-trips through a short hash', async (id) => {
    const doc = loadExample(id);
    const hash = await shareHash(doc, { hide: ['inspector', 'palette'] });
    expect(hash).toMatch(/^#d=[A-Za-z0-9_-]+&hide=palette\.inspector$/);
    expect(hash.length).toBeLessThan(JSON.stringify(doc).length / 2);
    expect(await readShareHash(hash)).toEqual({
      kind: 'document',
      doc,
      flags: { hide: ['palette', 'inspector'], lock: null },
    });
  });

  it('is no link without a diagram, and drops panel names it does not know', async () => {
    expect(await readShareHash('')).toEqual({ kind: 'none' });
    expect(await readShareHash('#section-2')).toEqual({ kind: 'none' });
    const hash = await shareHash(loadExample('xor'));
    expect(hash).not.toContain('hide');
    const r = await readShareHash(`${hash}&hide=data.constructor.__proto__`);
    expect(r.kind === 'document' && r.flags).toEqual({ hide: ['data'], lock: null });
  });

  it('refuses a damaged link, naming what is wrong', async () => {
    expect(await readShareHash('#d=***')).toMatchObject({
      kind: 'error',
      errors: [{ path: '', message: expect.stringMatching(/not base64url/) }],
    });
    expect(await readShareHash('#d=AAAA')).toMatchObject({ kind: 'error', errors: [{ path: '' }] });
    const doc = { ...loadExample('xor'), boxes: [{ id: 'x', generator: 'input', position: { x: 'left', y: 0 } }] };
    expect(await readShareHash(`#d=${await deflated(JSON.stringify(doc))}`)).toMatchObject({
      kind: 'error',
      errors: [{ path: 'boxes[0].position.x' }],
    });
    const polluting = '{"format":"lensboard-document","version":1,"__proto__":{"x":1},"boxes":[],"wires":[]}';
    expect(await readShareHash(`#d=${await deflated(polluting)}`)).toMatchObject({
      kind: 'error',
      errors: [{ path: '__proto__' }],
    });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('stops inflating a bomb at the cap, before it is all in memory', async () => {
    const bomb = await deflated(' '.repeat(MAX_DOCUMENT_CHARS * 3 + 1000));
    expect(bomb.length).toBeLessThan(100_000);
    expect(await readShareHash(`#d=${bomb}`)).toMatchObject({
      kind: 'error',
      errors: [{ message: expect.stringMatching(/larger than a document may be/) }],
    });
  });
});

describe('a link that carries a lesson', () => {
  it('opens the lesson with its diagram, locked or not, and refuses a broken lesson by path', async () => {
    const lens = {
      format: 'lensboard-lesson',
      version: 1,
      id: 'xor-tour',
      title: 'A tour of XOR',
      summary: 'One step.',
      start: { example: 'xor' },
      steps: [{ title: 'The input', text: 'Two numbers come in here.', highlight: { boxes: ['x'] } }],
    };
    const { shareLessonHash } = await import('./shareLink');
    const { LessonSchema } = await import('./lessonSchema');
    const { newClassLock } = await import('./classLock');
    const lesson = LessonSchema.parse(lens);
    const open = await readShareHash(await shareLessonHash(lesson));
    expect(open).toMatchObject({ kind: 'lesson', lesson: { id: 'xor-tour' }, flags: { lock: null } });
    const lock = await newClassLock();
    const students = await readShareHash(
      await shareLessonHash(lesson, { hide: ['palette'], lock: { check: lock.check } }),
    );
    expect(students).toMatchObject({ kind: 'lesson', flags: { hide: ['palette'], lock: { check: lock.check } } });
    const teachers = await readShareHash(await shareLessonHash(lesson, { hide: [], lock }));
    expect(teachers).toMatchObject({ kind: 'lesson', flags: { lock } });
    const broken = {
      ...lesson,
      steps: [{ ...lesson.steps[0], highlight: { ...lesson.steps[0].highlight, boxes: ['nope'] } }],
    };
    expect(await readShareHash(await shareLessonHash(broken))).toEqual({
      kind: 'error',
      errors: [{ path: 'steps[0].highlight.boxes[0]', message: "the diagram has no box 'nope'" }],
    });
  });
});
