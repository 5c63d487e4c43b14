import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_PORT = Number(process.env.API_PORT ?? 3000);

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, target: 'es2022' },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${API_PORT}`,
      '/logout': `http://127.0.0.1:${API_PORT}`,
    },
  },
});
