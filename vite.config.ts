import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { loadConfig } from './server/config.ts';
import { SUPPORT_PHONE_PLACEHOLDER } from './src/contracts/common/constants.ts';
import { isPublicPagePath } from './src/contracts/common/public-pages.ts';
import { ALIASES } from './aliases.ts';
import { portalPrefetch, readManifest } from './scripts/manifest.ts';

const API_PORT = Number(process.env.API_PORT ?? 3000);
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const BUILD = { outDir: 'dist', sourcemap: false, target: 'es2022' } as const;
/**
 * The kit's components only define things: a screen that imports three of them from the barrel
 * gets those three (and their CSS), not the whole kit. CSS stays a side effect.
 */
const TREESHAKE = { moduleSideEffects: [{ test: /\/src\/shared\/ui\/components\/.*\.tsx?$/, sideEffects: false }] };

/**
 * The public pages' entry gets the portal's first-screen assets (from the portal's manifest) in a
 * JSON element, which it prefetches once the person starts typing (src/app/portal-prefetch.ts).
 */
function portalPrefetchList(): Plugin {
  return {
    name: 'portal-prefetch-list',
    transformIndexHtml(html, ctx) {
      if (!ctx.filename.endsWith('public.html')) return html;
      const manifest = readManifest(BUILD.outDir);
      if (!manifest) throw new Error('The portal is built first: its manifest is missing');
      const json = JSON.stringify(portalPrefetch(manifest)).replace(/</g, '\\u003c');
      return html.replace('</body>', `  <script type="application/json" id="portal-prefetch">${json}</script>\n  </body>`);
    },
  };
}

/**
 * The survey page and the public pages (/, /client/login, /client/signup, the password links) are
 * light entries (survey.html, public.html): people open them on a phone, and their JS budget
 * (QUALITY.md, 60 KB gzip) is smaller than react-dom alone. They are built in a second pass after
 * the portal, with the same React code running on Preact's React-compatible layer
 * (docs/adr/0021-survey-entry-on-preact.md, docs/adr/0146-public-pages-entry.md). In development
 * they run on React like the rest.
 */
function lightEntries(): Plugin {
  let isBuild = false;
  return {
    name: 'light-entries',
    configResolved(config) {
      isBuild = config.command === 'build' && !config.build.ssr;
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/survey(\/|\?|$)/.test(req.url)) req.url = '/survey.html';
        else if (req.url && isPublicPagePath(req.url.split('?')[0] ?? '')) req.url = `/public.html${req.url.slice(req.url.split('?')[0]!.length)}`;
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
        plugins: [react(), portalPrefetchList()],
        resolve: {
          alias: [
            ...ALIASES,
            { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
            { find: /^react-dom$/, replacement: 'preact/compat' },
            { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
            { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
            { find: /^react$/, replacement: 'preact/compat' },
            // The public pages' HTTP client: axios's part they use, over fetch (src/shared/http/fetch-client.ts).
            { find: /^axios$/, replacement: fileURLToPath(new URL('./src/shared/http/fetch-client.ts', import.meta.url)) },
          ],
        },
        build: { ...BUILD, emptyOutDir: false, rollupOptions: { input: { survey: 'survey.html', public: 'public.html' }, treeshake: TREESHAKE } },
      });
    },
  };
}

/**
 * A lazy import's preload list names only the chunks that are not loaded yet: the importing chunk
 * and everything it imports statically are running already, and so is whatever every way of
 * reaching the importing chunk loaded before it (a card loaded by Home finds the shell's code
 * there). Listing them again for every lazy screen only weighs on the first staff screen, which
 * carries the route table (docs/adr/0200-lazy-routes-preload-only-what-is-missing.md). A chunk
 * left off a list is still fetched by the browser as a static import of the chunk asked for: the
 * list only lets it start sooner.
 */
/** The staff app and the shell every staff screen is drawn in (src/app/SignedInLayout.tsx renders the routes inside it). */
const STAFF_SCREENS_INSIDE = { app: '/src/app/StaffApp.tsx', layout: '/src/features/shell/screens/StaffLayout.tsx', home: '/src/features/home/screens/HomeScreen.tsx' };
/**
 * A chunk the first staff screen (Home) loads and smaller than this (bytes, before compression) is
 * left off the other staff screens' preload lists: it is almost always in the browser already, and on
 * a link straight to a screen it is fetched a step later as a static import. Larger ones stay listed
 * (docs/adr/0240-preload-lists-leave-out-small-first-screen-chunks.md).
 */
const FIRST_SCREEN_SMALL_CHUNK = 10_000;

function preloadOnlyMissing() {
  /** Each chunk's file with every chunk surely loaded when it runs. */
  const loadedWith = new Map<string, Set<string>>();
  /** A staff screen's chunk with what the signed-in layout it is drawn in has loaded. */
  const insideLayout = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'preload-only-missing',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        loadedWith.clear();
        const closure = (file: string, seen: Set<string>): Set<string> => {
          const chunk = bundle[file];
          if (seen.has(file) || !chunk || chunk.type !== 'chunk') return seen;
          seen.add(file);
          for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
          for (const next of chunk.imports) closure(next, seen);
          return seen;
        };
        const chunks = Object.entries(bundle).flatMap(([file, chunk]) => (chunk.type === 'chunk' ? [[file, chunk] as const] : []));
        const own = new Map(chunks.map(([file]) => [file, closure(file, new Set())]));
        // Who reaches each chunk, statically or by a lazy import.
        const reachedFrom = new Map<string, string[]>(chunks.map(([file]) => [file, []]));
        for (const [file, chunk] of chunks) for (const next of [...chunk.imports, ...chunk.dynamicImports]) reachedFrom.get(next)?.push(file);
        // Surely loaded = its own closure plus what is loaded on every way to it (a fixed point from "everything").
        const everything = new Set(Object.keys(bundle));
        const sure = new Map(chunks.map(([file, chunk]) => [file, chunk.isEntry || !reachedFrom.get(file)!.length ? own.get(file)! : everything]));
        for (let changed = true; changed; ) {
          changed = false;
          for (const [file, chunk] of chunks) {
            if (chunk.isEntry) continue;
            const before = sure.get(file)!;
            const next = new Set(own.get(file));
            const ways = reachedFrom.get(file)!.map((p) => sure.get(p)!);
            if (ways.length) for (const f of ways[0]!) if (ways.every((w) => w.has(f))) next.add(f);
            if (next.size !== before.size || [...next].some((f) => !before.has(f))) {
              sure.set(file, next);
              changed = true;
            }
          }
        }
        for (const [file, loaded] of sure) loadedWith.set(file, loaded);
        // Staff screens (a feature's screens/ folder, reached from the staff app) and the layout they are drawn in.
        insideLayout.clear();
        const fileOf = (module: string) => chunks.find(([, c]) => c.facadeModuleId?.endsWith(module))?.[0];
        const app = fileOf(STAFF_SCREENS_INSIDE.app);
        const layout = fileOf(STAFF_SCREENS_INSIDE.layout);
        const home = fileOf(STAFF_SCREENS_INSIDE.home);
        if (app && layout) {
          const small = (f: string) => {
            const c = bundle[f];
            return c?.type === 'chunk' && c.code.length < FIRST_SCREEN_SMALL_CHUNK;
          };
          const drawnWith = new Set([...sure.get(layout)!, ...(home ? [...sure.get(home)!].filter(small) : [])]);
          for (const [file, chunk] of chunks) {
            if (file !== layout && file !== home && /\/src\/features\/[^/]+\/screens\//.test(chunk.facadeModuleId ?? '') && sure.get(file)!.has(app)) insideLayout.set(file, drawnWith);
          }
        }
      },
    },
  };
  const resolveDependencies = (file: string, deps: string[], { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' }) => {
    const loaded = hostType === 'js' ? loadedWith.get(hostId) : undefined;
    if (!loaded) return deps;
    // A staff screen is only ever drawn inside the signed-in layout: what the layout loaded is there too.
    const layout = insideLayout.get(file);
    return deps.filter((d) => !loaded.has(d) && !layout?.has(d));
  };
  return { plugin, resolveDependencies };
}
const preload = preloadOnlyMissing();

export default defineConfig({
  plugins: [react(), lightEntries(), preload.plugin],
  resolve: { alias: ALIASES },
  build: {
    ...BUILD,
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    // The public entry's prefetch list and the bundle check read what each module's chunk pulls in.
    manifest: true,
    rollupOptions: {
      input: { main: 'index.html' },
      treeshake: TREESHAKE,
    },
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${API_PORT}`,
      '/logout': `http://127.0.0.1:${API_PORT}`,
    },
  },
});
