/**
 * The survey page's weight and speed, against QUALITY.md (JS ≤ 60 KB gzip, LCP ≤ 1.5 s on
 * Slow 4G), side by side with the same client care survey built with SurveyJS.
 *
 *   npm run bench:survey                 # builds, measures, prints a Markdown report
 *   RUNS=7 npm run bench:survey          # more LCP runs (median reported)
 *   SURVEYJS_DIR=/tmp/x npm run bench:survey   # where the throw-away SurveyJS app is made
 *   SKIP_SURVEYJS=1 npm run bench:survey
 *
 * The SurveyJS app is generated into a folder outside the repository (default
 * /tmp/surveyjs-bench), installed with npm and built with Vite there; nothing of it is kept.
 *
 * LCP: headless Chromium (the e2e browser) at 375×667, cache disabled, CDP network emulation
 * 150 ms RTT, 1.6 Mbps down, 750 kbps up, and CPU throttled 4×; the median of RUNS loads.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { gzipSync, constants as zlib } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../../playwright.config';
import { freePort, startServer } from '@tests/support/server-process';
import { clientCareSurveyPath } from './survey-link';
import { CLIENT_CARE, FACE_LABELS, RECOMMEND_HIGH, RECOMMEND_LOW } from '@/features/survey-page/screens/questions';

const ROOT = resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.RUNS ?? 5);
const SURVEYJS_DIR = process.env.SURVEYJS_DIR ?? '/tmp/surveyjs-bench';
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1e6) / 8, uploadThroughput: (750 * 1e3) / 8 };
const CPU_SLOWDOWN = 4;
const JS_BUDGET = 60 * 1024;
const LCP_BUDGET_MS = 1500;

const gz = (buf: Buffer) => gzipSync(buf, { level: zlib.Z_BEST_COMPRESSION }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function run(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}`);
}

type Sizes = { jsRaw: number; jsGzip: number; cssGzip: number; htmlGzip: number; files: string[] };

/** The files an HTML entry loads before it can paint: its scripts and their static imports, CSS. */
function entrySizes(dist: string, html: string): Sizes {
  const page = readFileSync(join(dist, html), 'utf8');
  const refs = [...page.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const js = new Set<string>();
  const queue = refs.filter((r) => r.endsWith('.js'));
  while (queue.length) {
    const file = queue.shift()!;
    if (js.has(file)) continue;
    js.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    // Static imports only ("import … from './x.js'" and "import './x.js'"); dynamic ones load later.
    for (const m of code.matchAll(/(?:^|[;\s])(?:import|export)\s*(?:[^'"();]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(join(file, '..', m[1]!));
    }
  }
  const css = refs.filter((r) => r.endsWith('.css'));
  const read = (f: string) => readFileSync(join(dist, f));
  return {
    jsRaw: [...js].reduce((n, f) => n + statSync(join(dist, f)).size, 0),
    jsGzip: [...js].reduce((n, f) => n + gz(read(f)), 0),
    cssGzip: css.reduce((n, f) => n + gz(read(f)), 0),
    htmlGzip: gz(Buffer.from(page)),
    files: [...js, ...css],
  };
}

type Load = { lcp: number; bytes: number; jsBytes: number };

async function measure(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const types = new Map<string, string>();
  let bytes = 0;
  let jsBytes = 0;
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') jsBytes += e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((done) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          done(entries[entries.length - 1]!.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return { lcp, bytes, jsBytes };
}

async function loads(browser: Browser, url: string): Promise<{ lcp: number; bytes: number; jsBytes: number; all: number[] }> {
  await measure(browser, url); // warm-up: server caches, browser start
  const results: Load[] = [];
  for (let i = 0; i < RUNS; i++) results.push(await measure(browser, url));
  return {
    lcp: median(results.map((r) => r.lcp)),
    bytes: median(results.map((r) => r.bytes)),
    jsBytes: median(results.map((r) => r.jsBytes)),
    all: results.map((r) => Math.round(r.lcp)),
  };
}

/** A static file server for the SurveyJS build (gzip when asked, like a production server). */
function serveStatic(dir: string, port: number): Promise<Server> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    let file = join(dir, path);
    if (!file.startsWith(dir)) {
      res.writeHead(404).end();
      return;
    }
    // History fallback, as our server answers /survey/… with its page.
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    const body = readFileSync(file);
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
    res.end(gzip ? gzipSync(body) : body);
  });
  return new Promise((ok) => server.listen(port, '127.0.0.1', () => ok(server)));
}

/** The same client care survey in SurveyJS (survey-core + survey-react-ui), built with Vite. */
function makeSurveyJsApp(dir: string) {
  mkdirSync(join(dir, 'public'), { recursive: true });
  const questions = Object.entries(CLIENT_CARE.texts).map(([name, title]) => ({ type: 'comment', name, title, maxLength: 1500 }));
  const json = {
    title: 'CLIENT CARE SURVEY',
    description: CLIENT_CARE.intro,
    logo: '/logo.svg',
    logoPosition: 'left',
    completeText: 'Save',
    completedHtml: '<h3>Thank you for your participation!</h3><p>You may now exit this web page.</p>',
    showQuestionNumbers: 'off',
    pages: [
      {
        elements: [
          { type: 'rating', name: 'Q1', title: CLIENT_CARE.q1, rateType: 'smileys', rateMin: 1, rateMax: 5, defaultValue: 3, minRateDescription: FACE_LABELS[0], maxRateDescription: FACE_LABELS[4] },
          { type: 'rating', name: 'Q2', title: CLIENT_CARE.q2, rateMin: 0, rateMax: 10, defaultValue: 5, minRateDescription: RECOMMEND_LOW, maxRateDescription: RECOMMEND_HIGH },
          ...questions,
        ],
      },
    ],
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'surveyjs-bench', private: true, type: 'module', dependencies: { 'survey-core': '^3.0.0', 'survey-react-ui': '^3.0.0', react: '^19.3.1', 'react-dom': '^19.3.1', vite: '^8.3.8', '@vitejs/plugin-react': '^6.3.0' } }, null, 2));
  writeFileSync(join(dir, 'vite.config.js'), `import react from '@vitejs/plugin-react';\nexport default { plugins: [react()], build: { target: 'es2022' } };\n`);
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Client Care survey</title></head><body><div id="app"></div><script type="module" src="/main.jsx"></script></body></html>\n`);
  writeFileSync(
    join(dir, 'main.jsx'),
    `import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import 'survey-core/survey-core.fontless.min.css';
const model = new Model(${JSON.stringify(json)});
const parts = location.pathname.split('/');
model.onComplete.add((sender) => {
  fetch('/api/submitsurvey', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' }, body: JSON.stringify({ ...sender.data, ticket: parts[3] ?? '', type: 'CSS' }) });
});
createRoot(document.getElementById('app')).render(<Survey model={model} />);
`,
  );
  writeFileSync(join(dir, 'public', 'logo.svg'), readFileSync(join(ROOT, 'public', 'logo.svg')));
  if (!existsSync(join(dir, 'node_modules', 'survey-react-ui'))) run('npm', ['install', '--no-audit', '--no-fund'], dir);
  run('npx', ['vite', 'build', '--logLevel', 'warn'], dir);
  const pkg = (name: string) => JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version as string;
  return { versions: `survey-core ${pkg('survey-core')}, survey-react-ui ${pkg('survey-react-ui')}, react-dom ${pkg('react-dom')}` };
}

async function main() {
  run('npx', ['vite', 'build', '--logLevel', 'warn'], ROOT);
  const ours = entrySizes(join(ROOT, 'dist'), 'survey.html');

  const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-'));
  // The demo data, so the link is a real survey key: the page checks it before showing the survey.
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
  const browser = await chromium.launch(chromiumLaunchOptions);
  let theirs: { sizes: Sizes; load: Awaited<ReturnType<typeof loads>>; versions: string } | undefined;
  let ourLoad: Awaited<ReturnType<typeof loads>>;
  try {
    ourLoad = await loads(browser, `${server.url}${await clientCareSurveyPath(server.url)}`);
    if (!process.env.SKIP_SURVEYJS) {
      const { versions } = makeSurveyJsApp(SURVEYJS_DIR);
      const sizes = entrySizes(join(SURVEYJS_DIR, 'dist'), 'index.html');
      const port = await freePort();
      const staticServer = await serveStatic(join(SURVEYJS_DIR, 'dist'), port);
      try {
        theirs = { sizes, load: await loads(browser, `http://127.0.0.1:${port}/survey/0/bench-key`), versions };
      } finally {
        staticServer.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const row = (name: string, s: Sizes, l: typeof ourLoad) =>
    `| ${name} | ${kb(s.jsGzip)} | ${kb(s.jsRaw)} | ${kb(s.cssGzip)} | ${kb(s.jsGzip + s.cssGzip + s.htmlGzip)} | ${kb(l.jsBytes)} | ${kb(l.bytes)} | ${Math.round(l.lcp)} ms (${l.all.join(', ')}) |`;
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:survey\` (RUNS=${RUNS}), Chromium ${browser.version()}, Node ${process.version}.`,
    '',
    '| page | JS gzip | JS raw | CSS gzip | HTML+JS+CSS gzip | JS transferred | total transferred | LCP median (runs) |',
    '|---|---|---|---|---|---|---|---|',
    row('our survey page (`/survey/0/…`)', ours, ourLoad),
    ...(theirs ? [row(`SurveyJS (${theirs.versions})`, theirs.sizes, theirs.load)] : []),
    '',
    `Budgets (QUALITY.md): JS ≤ ${kb(JS_BUDGET)} gzip: ${ours.jsGzip <= JS_BUDGET ? 'met' : 'NOT met'} (${kb(ours.jsGzip)}); ` +
      `LCP ≤ ${LCP_BUDGET_MS} ms: ${ourLoad.lcp <= LCP_BUDGET_MS ? 'met' : 'NOT met'} (${Math.round(ourLoad.lcp)} ms).`,
    '',
    `Files of our page: ${ours.files.map((f) => `\`${f}\``).join(', ')}.`,
    ...(theirs ? [`Files of the SurveyJS page: ${theirs.sizes.files.map((f) => `\`${f}\``).join(', ')}.`] : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
