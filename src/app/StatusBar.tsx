import { BACKENDS, type BackendName } from '../engines/backend';
import type { BackendState } from './useBackend';

function summarise(state: BackendState): { text: string; warning: string | null } {
  if (state.status === 'starting') return { text: `starting ${state.requested}…`, warning: null };
  if (state.status === 'failed') return { text: 'no backend', warning: state.error };
  const { report } = state;
  const gl = report.active === 'webgl' ? ` · WebGL ${report.webglVersion}` : '';
  const f32 =
    report.float32RenderTargets === null
      ? ''
      : ` · float32 render targets: ${report.float32RenderTargets ? 'yes' : 'no'}`;
  const failed = report.failures.find((f) => f.backend === report.requested);
  const warning = failed ? `${failed.backend} could not start (${failed.reason}); running on ${report.active}` : null;
  return { text: `${report.active}${gl}${f32}`, warning };
}

export function StatusBar({ state, onChoose }: { state: BackendState; onChoose: (b: BackendName) => void }) {
  const { text, warning } = summarise(state);
  const requested = state.status === 'ready' ? state.report.requested : state.requested;
  return (
    <footer className="status-bar">
      <label htmlFor="backend-select">Backend</label>
      <select id="backend-select" value={requested} onChange={(e) => onChoose(e.target.value as BackendName)}>
        {BACKENDS.map((b) => (
          <option key={b} value={b}>
            {b}
          </option>
        ))}
      </select>
      <span>
        Running on <output data-testid="backend-status">{text}</output>
      </span>
      {warning && (
        <span className="status-warning" role="alert">
          {warning}
        </span>
      )}
    </footer>
  );
}
