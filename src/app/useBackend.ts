/** Starts the requested tfjs backend once and keeps the report of what really runs. */
import { useCallback, useEffect, useState } from 'react';
import { type BackendName, type BackendReport, startBackend } from '../engines/backend';
import { requestedBackend, saveBackendPreference } from './backendPreference';

export type BackendState =
  | { readonly status: 'starting'; readonly requested: BackendName }
  | { readonly status: 'ready'; readonly report: BackendReport }
  | { readonly status: 'failed'; readonly requested: BackendName; readonly error: string };

export function useBackend(): [BackendState, (name: BackendName) => void] {
  const [state, setState] = useState<BackendState>(() => ({ status: 'starting', requested: requestedBackend() }));
  const requested = state.status === 'ready' ? state.report.requested : state.requested;

  useEffect(() => {
    let live = true;
    startBackend(requested).then(
      (report) => live && setState({ status: 'ready', report }),
      (e: unknown) => live && setState({ status: 'failed', requested, error: String(e) }),
    );
    return () => {
      live = false;
    };
  }, [requested]);

  const choose = useCallback((name: BackendName) => {
    saveBackendPreference(name);
    setState({ status: 'starting', requested: name });
  }, []);
  return [state, choose];
}
