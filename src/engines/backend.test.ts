import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { fallbackOrder, parseBackendName, startBackend, startExactly } from './backend';

describe('backend selection', () => {
  it('parses only the known names', () => {
    expect(parseBackendName('wasm')).toBe('wasm');
    expect(parseBackendName('WEBGL')).toBeNull();
    expect(parseBackendName(null)).toBeNull();
  });

  it('tries the requested backend first, then webgl → wasm → cpu', () => {
    expect(fallbackOrder('cpu')).toEqual(['cpu', 'webgl', 'wasm']);
    expect(fallbackOrder('webgl')).toEqual(['webgl', 'wasm', 'cpu']);
  });

  it('reports the backend that really runs, and why the others did not', async () => {
    // Node has no WebGL and the wasm backend is not registered here: both must be reported.
    const report = await startBackend('webgl');
    expect(report.active).toBe(tf.getBackend());
    expect(report.active).toBe('cpu');
    expect(report.failures.map((f) => f.backend)).toEqual(['webgl', 'wasm']);
    expect(report.webglVersion).toBe(0);
    expect(report.float32RenderTargets).toBeNull();
  });

  it('starts exactly the backend named, or throws saying what tfjs did instead', async () => {
    await expect(startExactly('webgl')).rejects.toThrow(/^the tfjs webgl backend did not start: /);
    await import('@tensorflow/tfjs-backend-wasm');
    await startExactly('wasm');
    expect(tf.getBackend()).toBe('wasm');
    await startExactly('cpu');
    expect(tf.getBackend()).toBe('cpu');
  });
});
