/**
 * Which engine the next run asks for: `?engine=` (or the older `?backend=`) in the URL wins over
 * the choice saved in this browser, which wins over Auto.
 */
import { ENGINE_CHOICES, type EngineChoice } from './engineChoice';

const KEY = 'lensboard.engine';

const parse = (v: string | null | undefined): EngineChoice | null => ENGINE_CHOICES.find((c) => c === v) ?? null;

export function requestedEngine(search: string = globalThis.location?.search ?? ''): EngineChoice {
  const params = new URLSearchParams(search);
  const fromUrl = parse(params.get('engine')) ?? parse(params.get('backend'));
  if (fromUrl) return fromUrl;
  try {
    return parse(globalThis.localStorage?.getItem(KEY)) ?? 'auto';
  } catch {
    return 'auto';
  }
}

export function saveEnginePreference(choice: EngineChoice): void {
  try {
    globalThis.localStorage?.setItem(KEY, choice);
  } catch {
    // Private windows may refuse storage; the URL parameter still works.
  }
}
