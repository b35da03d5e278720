import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = 'http://localhost:8080';
const proxy = {
  '/api': backend,
  '/ws': { target: backend, ws: true },
  '/config.json': backend,
  '/healthz': backend,
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    alias: { '@lt/contracts': path.resolve(import.meta.dirname, '../../libs/contracts/src/index.ts') },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, '../../dist/web'),
    emptyOutDir: true,
    rolldownOptions: {
      // The contracts' modules only define schemas and constants: one the web never imports is left out.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/libs/contracts/src/') },
    },
  },
  server: { proxy },
  preview: { proxy },
});
