import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { loadConfig } from './server/config';
import { SUPPORT_PHONE_PLACEHOLDER } from './src/contracts/constants';

const API_PORT = Number(process.env.API_PORT ?? 3000);

/**
 * Development only: answer /survey paths with survey.html and fill in the support phone, as the
 * server does for the build (server/surveys/page.ts).
 */
function surveyDevEntry(): Plugin {
  return {
    name: 'survey-dev-entry',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/survey(\/|\?|$)/.test(req.url)) req.url = '/survey.html';
        next();
      });
    },
    transformIndexHtml(html) {
      return html.split(SUPPORT_PHONE_PLACEHOLDER).join(loadConfig().supportPhone);
    },
  };
}

export default defineConfig({
  plugins: [react(), surveyDevEntry()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    rollupOptions: { input: { main: 'index.html', survey: 'survey.html' } },
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${API_PORT}`,
      '/logout': `http://127.0.0.1:${API_PORT}`,
    },
  },
});
