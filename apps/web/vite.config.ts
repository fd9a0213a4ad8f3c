import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Chunks by purpose instead of Rolldown's dozens of small shared ones (each a request; a phone opens
        // a few at a time): what the entry needs up front, and the visitors' pages with what they need.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            { name: 'visitor', test: /src[\\/]features[\\/]auth[\\/]pages[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
