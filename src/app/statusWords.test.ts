import { describe, expect, it } from 'vitest';
import { engineText } from '../train-ui/panel/phaseText';
import { initial, type SessionState } from '../train-ui/session/sessionState';
import { engineName, plainStatus } from './statusWords';

const session = (over: Partial<SessionState>): SessionState =>
  ({ ...initial, resets: 0, resume: null, choice: 'auto', taken: null, ...over }) as unknown as SessionState;

const webgl = {
  requested: 'webgl',
  active: 'webgl',
  failures: [],
  webglVersion: 2,
  float32RenderTargets: true,
} as const;

describe('the status line in plain words', () => {
  it('says "small model: trained on the CPU" where Auto kept the typed arrays, without weights × batch', () => {
    const s = session({
      engine: 'typed-float32',
      pick: { picked: 'typed', usPerStep: { typed: 40, tfjs: null }, small: 672 },
    });
    expect(engineText(s)).toContain('weights × batch = 672');
    expect(plainStatus(s)).toBe('Small model: trained on the CPU');
    expect(engineName(s)).toBe('typed arrays (float32)');
  });

  it('names the graphics card when tfjs runs on webgl, and Auto’s race in words', () => {
    const s = session({
      engine: 'tfjs',
      backend: webgl,
      pick: { picked: 'tfjs', usPerStep: { typed: 900, tfjs: 300 } },
    });
    expect(plainStatus(s)).toBe('Trained on the graphics card: Auto timed both engines and took the faster');
    expect(engineName(s)).not.toContain('µs');
    expect(plainStatus(session({ engine: 'tfjs', backend: { ...webgl, requested: 'wasm', active: 'wasm' } }))).toBe(
      'Trained on the CPU',
    );
  });

  it('says nothing before the first run', () => {
    expect(plainStatus(session({}))).toBeNull();
  });
});
