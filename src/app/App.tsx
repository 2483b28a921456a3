import { Background, Controls, MiniMap, ReactFlow, ReactFlowProvider } from '@xyflow/react';
import { StatusBar } from './StatusBar';
import { useBackend } from './useBackend';

export function App() {
  const [backend, chooseBackend] = useBackend();
  return (
    <div className="app">
      <header className="app-header">
        <h1>Lensboard</h1>
        <span className="tagline">string diagrams of lenses, trained</span>
      </header>
      <aside className="palette" aria-label="Palette">
        <h2>Palette</h2>
      </aside>
      <main className="canvas" aria-label="Canvas">
        <ReactFlowProvider>
          <ReactFlow nodes={[]} edges={[]} fitView proOptions={{ hideAttribution: true }}>
            <Background gap={16} />
            <Controls />
            <MiniMap pannable zoomable />
          </ReactFlow>
        </ReactFlowProvider>
      </main>
      <aside className="inspector" aria-label="Inspector">
        <h2>Inspector</h2>
      </aside>
      <StatusBar state={backend} onChoose={chooseBackend} />
    </div>
  );
}
