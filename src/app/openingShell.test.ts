import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_NAME, OPENING, TAGLINE } from './Shell';

const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script'));

describe('the first screen in index.html', () => {
  it('draws the header and the canvas status with the words the app draws them with', () => {
    expect(root).toContain(`<h1>${APP_NAME}</h1>`);
    expect(root).toContain(`<span class="tagline">${TAGLINE}</span>`);
    expect(root).toContain(`<p class="canvas-opening" role="status">${OPENING}</p>`);
    expect(root).toContain('<main class="canvas" aria-label="Canvas" aria-busy="true">');
  });

  it('has no inline script or style, which the page policy would refuse', () => {
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=/);
  });
});
