/** In every phase, a button that cannot be pressed says why; one that can says what it does. */
import { describe, expect, it } from 'vitest';
import type { Phase } from '../session/sessionState';
import { controlStates } from './controlStates';

const PHASES: readonly Phase[] = [
  'idle',
  'starting',
  'running',
  'pausing',
  'paused',
  'resuming',
  'stepping',
  'done',
  'stopped',
  'failed',
  'error',
];

describe('the controls of each phase', () => {
  it.each(PHASES)('%s: a disabled control shows why', (phase) => {
    const c = controlStates(phase);
    for (const [name, control] of Object.entries(c)) {
      expect(control.title.length, name).toBeGreaterThan(10);
      if (!control.enabled) expect(control.title, name).toMatch(/waits|press Pause first/);
    }
  });

  it('steps a finished run, pauses only a running one, and never locks Reset', () => {
    expect(controlStates('done').step.enabled).toBe(true);
    expect(controlStates('running').play).toMatchObject({ pause: true, enabled: true });
    expect(controlStates('running').step.title).toMatch(/press Pause first/);
    expect(controlStates('starting').play.enabled).toBe(false);
    for (const p of PHASES) expect(controlStates(p).reset.enabled).toBe(true);
  });
});
