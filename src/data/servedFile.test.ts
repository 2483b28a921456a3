import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchMnist } from './mnist';
import { fetchText } from './text';

afterEach(() => vi.unstubAllGlobals());

/** A server without public/data: every address answers with the app's page, as vite preview does. */
function pageForEveryAddress() {
  vi.stubGlobal('location', new URL('http://127.0.0.1:4173/'));
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response('<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>', {
        headers: { 'content-type': 'text/html' },
      }),
  );
}

describe('a data file the server does not have', () => {
  it('MNIST says the file is missing and how to build it, not that its magic is "<!do"', async () => {
    pageForEveryAddress();
    await expect(fetchMnist()).rejects.toThrow(
      'fetchMnist: /data/mnist.bin is not on this server (it answered with a web page in its place); npm run data builds it',
    );
  });

  it('the text dataset is refused, not read from the page’s HTML', async () => {
    pageForEveryAddress();
    await expect(fetchText()).rejects.toThrow(/^fetchText: \/data\/sotu-lincoln\.txt is not on this server/);
  });

  it('a file served as data is read', async () => {
    vi.stubGlobal('location', new URL('http://127.0.0.1:4173/'));
    vi.stubGlobal('fetch', async () => new Response('Four score', { headers: { 'content-type': 'text/plain' } }));
    await expect(fetchText()).resolves.toBe('Four score');
  });
});
