import { describe, expect, it } from 'vitest';
import { APP_PARTS, parseOnly } from './app';

describe('the app suite’s --only', () => {
  it('runs every part unless told, and only the parts named', () => {
    expect([...parseOnly(['--quick'])]).toEqual([...APP_PARTS]);
    expect([...parseOnly(['--only=mnist,fps-big'])]).toEqual(['mnist', 'fps-big']);
  });

  it('refuses a part it does not know, listing those it does', () => {
    expect(() => parseOnly(['--only=fps'])).toThrow(
      /unknown part fps; known: open, play, xor, mnist, fps-xor, fps-big/,
    );
  });
});
