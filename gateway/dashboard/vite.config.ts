import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The dashboard's build (docs/dashboard.md#how-it-is-built): served by the gateway under /admin/, its scripts and styles
 * as files of its own (the Content-Security-Policy allows no inline script or style), hashed so they cache for good.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
  },
});
