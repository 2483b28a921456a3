/**
 * Wiring by dragging: compatible ports light up while a wire is dragged; a refused connection
 * says why in the notice; a wire dropped on empty canvas opens the picker of generators that
 * could take it, already wired.
 */
import {
  type Connection,
  type Edge,
  type FinalConnectionState,
  type OnConnectStartParams,
  useReactFlow,
} from '@xyflow/react';
import { useMemo } from 'react';
import { checkConnection, compatiblePorts } from '../model/connection';
import { inScope } from '../model/documentOps';
import { useEditorStoreApi } from '../store/EditorStoreContext';

const refOf = (c: Connection | Edge) => ({
  from: { box: c.source, port: c.sourceHandle ?? '' },
  to: { box: c.target, port: c.targetHandle ?? '' },
});

/** The connection a drag would make, dropped on a handle: from the output side to the input side. */
function droppedOn(
  connecting: { from: { box: string; port: string }; fromInput: boolean },
  h: { nodeId: string; id?: string | null },
): Connection {
  const start = { node: connecting.from.box, handle: connecting.from.port };
  const other = { node: h.nodeId, handle: h.id ?? '' };
  const [source, target] = connecting.fromInput ? [other, start] : [start, other];
  return { source: source.node, sourceHandle: source.handle, target: target.node, targetHandle: target.handle };
}

export function useConnectionHandlers() {
  const store = useEditorStoreApi();
  const flow = useReactFlow();
  return useMemo(() => {
    const verdict = (c: Connection | Edge) => {
      const { doc } = store.getState();
      const { from, to } = refOf(c);
      return checkConnection(doc, store.compile(doc), from, to);
    };
    return {
      isValidConnection: (c: Connection | Edge) => verdict(c).ok,
      onConnectStart(_e: MouseEvent | TouchEvent, p: OnConnectStartParams) {
        if (!p.nodeId || !p.handleId) return;
        const { doc, scope, setView } = store.getState();
        const start = { box: p.nodeId, port: p.handleId };
        const fromInput = p.handleType === 'target';
        const { boxes, groups } = inScope(doc, scope);
        const compatible = compatiblePorts(
          doc,
          store.compile(doc),
          start,
          fromInput,
          [...boxes, ...groups].map((n) => n.id),
        );
        setView({ connecting: { from: start, fromInput, compatible } });
      },
      onConnect(c: Connection) {
        const { from, to } = refOf(c);
        const v = store.getState().connect(from, to);
        if (!v.ok) store.getState().notify(v.reason, 'error');
      },
      onConnectEnd(e: MouseEvent | TouchEvent, state: FinalConnectionState) {
        const s = store.getState();
        const connecting = s.connecting;
        s.setView({ connecting: null });
        if (!connecting) return;
        if (state.toHandle && state.isValid === false) {
          const v = verdict(droppedOn(connecting, state.toHandle));
          if (!v.ok) s.notify(v.reason, 'error');
          return;
        }
        if (state.toNode || state.toHandle) return;
        const point = 'changedTouches' in e ? e.changedTouches[0] : e;
        const screen = { x: point.clientX, y: point.clientY };
        s.setView({
          picker: {
            from: connecting.from,
            fromInput: connecting.fromInput,
            screen,
            position: flow.screenToFlowPosition(screen),
          },
        });
      },
    };
  }, [store, flow]);
}
