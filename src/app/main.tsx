import '@xyflow/react/dist/style.css';
import './app.css';
import '../editor/editor.css';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const app = createRoot(root);
flushSync(() =>
  app.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
