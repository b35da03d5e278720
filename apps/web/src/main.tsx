import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createQueryClient } from './lib/query-client';
import './styles.css';
import './styles/account.css';
import './styles/status.css';
import './styles/live-rooms.css';
import './styles/language-picker.css';
import './styles/viewer.css';
import './styles/viewer-panels.css';
import './styles/reading.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>,
);
