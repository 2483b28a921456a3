import { EditorApp } from '../editor/EditorApp';
import { Shell } from './Shell';

export function App() {
  return <EditorApp>{(ready) => <Shell ready={ready} />}</EditorApp>;
}
