import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The entry chunk of index.html and its CSS (the whole app: codeSplitting "app" below). */
const INITIAL_CHUNK = /^assets\/index-[\w-]+\.(js|css)$/;

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    // Every browser the app supports (es2022) has <link rel="modulepreload">.
    modulePreload: {
      polyfill: false,
      // The chunks index.html loads are in memory before any dynamic import runs: listing them again for
      // every lazy page only adds incompressible file names to the first load.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !INITIAL_CHUNK.test(dep)),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The app (main.tsx) with everything it imports statically in one chunk: one request and one
            // gzip stream instead of ~40 small shared chunks, each with its own headers and cold dictionary.
            { name: 'app', tags: ['$initial'], priority: 2 },
            // The sign-in page with what it needs (form inputs, validation) in one chunk; the other visitors'
            // pages are small chunks on top of it.
            { name: 'visitor', test: /src[\\/]features[\\/]auth[\\/]pages[\\/]LoginPage\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
});
