import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

// Error reports and page views, loaded only after start-up and sending only when the server has them on.
void import('./observability/index.ts').then((m) => m.startObservability());

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
