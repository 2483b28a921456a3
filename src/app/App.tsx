import { EditorApp } from '../editor/EditorApp';
import { Shell } from './Shell';
import { useBackend } from './useBackend';

export function App() {
  const [backend, chooseBackend] = useBackend();
  return <EditorApp>{(ready) => <Shell ready={ready} backend={backend} onChooseBackend={chooseBackend} />}</EditorApp>;
}
