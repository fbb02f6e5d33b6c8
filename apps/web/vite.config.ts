import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server (apps/server) serves `dist` in production; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true },
      '/docs': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // the antd chunk is one deliberate ~1.1 MB file (277 kB brotli): docs/performance.md, "First load"
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Few, cacheable chunks (docs/performance.md, "First load"): per-component antd chunks made the
        // dashboard's first load 90 requests. React and the router change rarely; antd and its helpers
        // are one chunk, other packages another; the app's modules shared by pages a third; pages stay lazy.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'ui',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|@babel[\\/]runtime|classnames|dayjs|@emotion|stylis|throttle-debounce|scroll-into-view-if-needed|compute-scroll-into-view|resize-observer-polyfill|json2mq|string-convert|copy-to-clipboard|toggle-selection)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
            // the app's own modules that two or more pages share: one chunk instead of dozens of small ones
            { name: 'shared', test: /[\\/]src[\\/]/, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
