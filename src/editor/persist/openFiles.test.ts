/**
 * Open, as the toolbar, Ctrl+O and a drop use it: a document or a model file replaces the
 * diagram (asking first over unsaved work, as an example does), a model leaves its weights for
 * the training session, and a refused file changes nothing but the message naming its paths.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadExample } from '../../io/examples';
import { MAX_MODEL_CHARS } from '../../model/modelParse';
import { xorExample } from '../model/xorExample';
import { createEditorStore } from '../store/createEditorStore';
import { hasUnsavedWork } from '../store/unsaved';
import { openPicked, startOpened } from './openFiles';
import { openText } from './openText';

const modelV1 = readFileSync(new URL('../../io/fixtures/model-v1.json', import.meta.url), 'utf8');
const iris = JSON.stringify(loadExample('iris-simple'));

describe('Open', () => {
  it('opens a document over nothing unsaved at once, as one undo step, with nothing unsaved', () => {
    const store = createEditorStore({ doc: xorExample() });
    openText(store, 'iris.json', iris);
    const s = store.getState();
    expect(s.discardPrompt).toBe(false);
    expect(s.doc.name).toMatch(/^Iris/);
    expect(hasUnsavedWork(s)).toBe(false);
    expect(s.openedModel).toBeNull();
    expect(s.notice?.text).toBe('Opened “iris.json”.');
    s.undo();
    expect(store.getState().doc.name).toBe('XOR');
  });

  it('asks first over unsaved work, and opens only once confirmed', () => {
    const store = createEditorStore({ doc: xorExample() });
    store.getState().moveNodes(new Map([['x', { x: 5, y: 5 }]]));
    const edited = store.getState().doc;
    openText(store, 'iris.json', iris);
    const intent = store.getState().discardPrompt;
    expect(intent).toMatchObject({ next: 'file', file: 'iris.json', opened: { kind: 'document' } });
    expect(store.getState().doc).toBe(edited);
    if (intent === false || intent.next !== 'file') throw new Error('no question');
    startOpened(store, intent.file, intent.opened);
    expect(store.getState().discardPrompt).toBe(false);
    expect(store.getState().doc.dataset?.id).toBe('iris');
  });

  it('opens a model as its diagram, agreeing with its training, and leaves its weights for the session', () => {
    const store = createEditorStore({ doc: loadExample('iris-simple') });
    openText(store, 'xor.lensboard-model.json', modelV1);
    const s = store.getState();
    const opened = s.openedModel;
    expect(opened?.file).toBe('xor.lensboard-model.json');
    expect(opened?.doc).toBe(s.doc);
    expect(s.doc.name).toBe('XOR');
    // The file was trained with seed 3; the diagram it carries says 1, and a run reads the diagram.
    expect(opened?.model.trainingConfig.seed).toBe(3);
    expect(s.doc.training?.seed).toBe(3);
    expect(opened?.weights.map((w) => w.name)).toContain('optimizer/t');
    expect(s.notice?.text).toBe(
      'Opened the model “xor.lensboard-model.json”, trained 1 epoch (32 steps): Play goes on from its weights. Its training settings were set to those it was trained with.',
    );
    expect(hasUnsavedWork(s)).toBe(false);
  });

  it.each([
    ['not JSON', 'hello {', '', /^not valid JSON/],
    ['cut weights', JSON.stringify({ ...JSON.parse(modelV1), weightData: 'AAAA' }), 'weightData', /holds 3 bytes/],
    ['a bad box', iris.replace('"boxes":[', '"boxes":[7,'), 'boxes[0]', /./],
    ['a foreign format', '{"format":"keras"}', 'format', /not a Lensboard file/],
    ['a polluting key', '{"format":"lensboard-document","__proto__":{"polluted":1}}', '__proto__', /./],
  ])('refuses %s, naming the path, and changes nothing', (_what, text, path, message) => {
    const store = createEditorStore({ doc: xorExample() });
    const before = store.getState().doc;
    openText(store, 'bad.json', text);
    const s = store.getState();
    expect(s.doc).toBe(before);
    expect(s.openedModel).toBeNull();
    expect(s.discardPrompt).toBe(false);
    expect(store.temporal.getState().pastStates).toHaveLength(0);
    expect(s.openProblem?.file).toBe('bad.json');
    expect(s.openProblem?.errors[0].path).toBe(path);
    expect(s.openProblem?.errors[0].message).toMatch(message);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a file over the size limit before reading a byte of it', async () => {
    const store = createEditorStore({ doc: xorExample() });
    const huge = {
      name: 'huge.json',
      size: MAX_MODEL_CHARS + 1,
      text: () => Promise.reject(new Error('read')),
    } as unknown as File;
    await openPicked(store, huge);
    expect(store.getState().openProblem?.errors[0].message).toMatch(/at most 50000000 bytes \(50 MB\)/);
    expect(store.getState().doc.name).toBe('XOR');
  });
});
