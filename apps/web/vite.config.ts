import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the API server at /minions/; in development the API is proxied to the local server.
export default defineConfig({
  base: '/minions/',
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/filter': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
});
