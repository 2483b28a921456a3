import { afterEach, describe, expect, it } from 'vitest';
import { requestedEngine, saveEnginePreference } from './enginePreference';

const store = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) },
});

describe('the engine a run asks for', () => {
  afterEach(() => store.clear());

  it('is Auto unless asked otherwise', () => {
    expect(requestedEngine('')).toBe('auto');
  });

  it('takes ?engine= or the older ?backend= from the URL, over the saved choice', () => {
    saveEnginePreference('typed');
    expect(requestedEngine('?engine=wasm')).toBe('wasm');
    expect(requestedEngine('?backend=webgl')).toBe('webgl');
    expect(requestedEngine('?engine=nonsense')).toBe('typed');
  });

  it('remembers the choice saved in this browser', () => {
    saveEnginePreference('cpu');
    expect(requestedEngine('')).toBe('cpu');
  });
});
