import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { loadConfig } from './server/config.ts';
import { SUPPORT_PHONE_PLACEHOLDER } from './src/contracts/common/constants.ts';
import { ALIASES } from './aliases.ts';

const API_PORT = Number(process.env.API_PORT ?? 3000);
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const BUILD = { outDir: 'dist', sourcemap: false, target: 'es2022' } as const;

/**
 * The survey page is its own light entry (survey.html): respondents open it on a phone, and its
 * JS budget (QUALITY.md, 60 KB gzip) is smaller than react-dom alone. It is built in a second pass
 * after the portal, with the same React code running on Preact's React-compatible layer
 * (docs/adr/0021-survey-entry-on-preact.md). In development it runs on React like the rest.
 */
function surveyEntry(): Plugin {
  let isBuild = false;
  return {
    name: 'survey-entry',
    configResolved(config) {
      isBuild = config.command === 'build' && !config.build.ssr;
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/survey(\/|\?|$)/.test(req.url)) req.url = '/survey.html';
        next();
      });
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        // Only the dev server fills in the phone; the built page gets it from the server.
        return ctx.server ? html.split(SUPPORT_PHONE_PLACEHOLDER).join(loadConfig().supportPhone) : html;
      },
    },
    async closeBundle() {
      if (!isBuild) return;
      await build({
        configFile: false,
        root: ROOT,
        logLevel: 'warn',
        plugins: [react()],
        resolve: {
          alias: [
            ...ALIASES,
            { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
            { find: /^react-dom$/, replacement: 'preact/compat' },
            { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
            { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
            { find: /^react$/, replacement: 'preact/compat' },
          ],
        },
        build: { ...BUILD, emptyOutDir: false, rollupOptions: { input: { survey: 'survey.html' } } },
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), surveyEntry()],
  resolve: { alias: ALIASES },
  build: {
    ...BUILD,
    rollupOptions: {
      input: { main: 'index.html' },
      // The kit's components only define things: a screen that imports three of them from the
      // barrel gets those three (and their CSS), not the whole kit. CSS stays a side effect.
      treeshake: { moduleSideEffects: [{ test: /\/src\/shared\/ui\/components\/.*\.tsx?$/, sideEffects: false }] },
    },
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${API_PORT}`,
      '/logout': `http://127.0.0.1:${API_PORT}`,
    },
  },
});
