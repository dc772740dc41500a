import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The console is built into dist/web and served by `callagent serve` at /. The nonce placeholder
// is replaced by the server with a fresh value in every index.html it sends (see src/http/console.ts).
export default defineConfig({
  root: here('.'),
  plugins: [react()],
  resolve: { alias: { '@callagent/sdk': here('../sdk/src/browser.ts') } },
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: here('../dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
