/** Which backend the user asked for: `?backend=` in the URL wins over the saved preference. */
import { type BackendName, parseBackendName } from '../engines/backend';

const KEY = 'lensboard.backend';

export function requestedBackend(search: string = window.location.search): BackendName {
  const fromUrl = parseBackendName(new URLSearchParams(search).get('backend'));
  if (fromUrl) return fromUrl;
  try {
    return parseBackendName(window.localStorage.getItem(KEY)) ?? 'webgl';
  } catch {
    return 'webgl';
  }
}

export function saveBackendPreference(name: BackendName): void {
  try {
    window.localStorage.setItem(KEY, name);
  } catch {
    // Private windows may refuse storage; the URL parameter still works.
  }
}
