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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // the charts (成绩报表, 质量分析) in one file of their own, never mixed into a screen without charts
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 2 },
            // AntD and its rc-components: split by which screens use them, as before, but pieces under 20 kB are
            // merged into their nearest neighbour. Left to itself the split made a file per combination of screens
            // (a page load fetched ~100 of them, many of a few kB: 成绩报表 94, 登录 50); issue 31, point 12.
            {
              name: 'ui',
              test: /node_modules[\\/](antd|@rc-component|@ant-design)[\\/]/,
              priority: 1,
              entriesAware: true,
              entriesAwareMergeThreshold: 20_000,
            },
          ],
        },
      },
    },
  },
});
