/**
 * What the user picks as "Engine" and what the worker is asked for. Auto lets the trainer time
 * the typed-array engine against tfjs on the first steps and keep the faster; the tfjs side of
 * that race is webgl on a real GPU and wasm otherwise (a software WebGL, such as SwiftShader on a
 * machine without a GPU, trains ~25× slower than wasm). The page learns which it has from the
 * WebGL renderer's name alone, without loading tfjs.
 */
import type { BackendName } from '../../engines/backend';
import type { TrainerSettings } from '../../learn/settings';

export const ENGINE_CHOICES = ['auto', 'typed', 'wasm', 'webgl', 'cpu'] as const;
export type EngineChoice = (typeof ENGINE_CHOICES)[number];

export const ENGINE_LABELS: Record<EngineChoice, string> = {
  auto: 'Auto (measure and pick)',
  typed: 'Typed arrays (JavaScript)',
  wasm: 'tfjs · wasm',
  webgl: 'tfjs · webgl (GPU)',
  cpu: 'tfjs · cpu',
};

/** A WebGL whose renderer is a CPU rasteriser (SwiftShader, llvmpipe, Mesa's softpipe). */
export function softwareRenderer(renderer: string): boolean {
  return /swiftshader|llvmpipe|softpipe|software/i.test(renderer);
}

/** The GPU behind WebGL 2 in this browser, or null when there is none worth training on. */
export function realGpu(): string | null {
  if (typeof document === 'undefined') return null;
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return null;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return softwareRenderer(renderer) ? null : renderer;
  } catch {
    return null;
  }
}

export interface EngineRequest {
  readonly engine: NonNullable<TrainerSettings['engine']>;
  readonly backend?: BackendName;
}

/** The trainer's engine and the tfjs backend the worker starts for a choice. */
export function engineRequest(choice: EngineChoice, gpu: string | null): EngineRequest {
  switch (choice) {
    case 'auto':
      return { engine: 'auto', backend: gpu ? 'webgl' : 'wasm' };
    case 'typed':
      return { engine: 'typed' };
    default:
      return { engine: 'tfjs', backend: choice };
  }
}
