import { describe, expect, it } from 'vitest';
import type { DatasetOptions } from '../../data/catalog';
import { loadDatasetNode } from '../../data/catalogNode';
import { PreviewClient } from './previewClient';
import { previewAnswerer } from './previewProtocol';

describe('the preview worker’s answers', () => {
  it('previews a binding, and loads it once for repeated questions', async () => {
    const loads: string[] = [];
    const answer = previewAnswerer((id, o?: DatasetOptions) => {
      loads.push(id);
      return loadDatasetNode(id, o);
    });
    const first = await answer({ seq: 1, id: 'spirals', options: { n: 50 } });
    const again = await answer({ seq: 2, id: 'spirals', options: { n: 50 } });
    expect(first).toMatchObject({ seq: 1, ok: true, preview: { rows: 50 } });
    expect(again).toMatchObject({ seq: 2, ok: true });
    expect(loads).toEqual(['spirals']);
    await answer({ seq: 3, id: 'spirals', options: { n: 60 } });
    expect(loads).toEqual(['spirals', 'spirals']);
  });

  it('answers a refused option with the loader’s words, and loads again after', async () => {
    const answer = previewAnswerer(loadDatasetNode);
    expect(await answer({ seq: 7, id: 'xor', options: { n: 1e9 } })).toEqual({
      seq: 7,
      ok: false,
      message: 'dataset.options.n = 1000000000 is out of range 1…100000',
    });
    expect(await answer({ seq: 8, id: 'xor', options: { n: 10 } })).toMatchObject({ ok: true, preview: { rows: 10 } });
  });

  it('the client answers inline where there is no Worker (Node), and rejects with the message', async () => {
    const client = new PreviewClient();
    expect((await client.preview('gaussians', { n: 30 })).rows).toBe(30);
    await expect(client.preview('gaussians', { noise: -1 })).rejects.toThrow(
      'dataset.options.noise = -1 is out of range 0…1',
    );
    client.dispose();
  });
});
