// The build's last step before the service worker is written: renders each public page
// (src/shared/prerendered-pages.ts) to HTML with the app's own components, into a copy of the
// built shell under dist/pages/ with the stylesheets of the shell and of that page's route chunks
// inline, so it paints styled before any JavaScript runs (and the service worker precaches it).
// The start-up script's tag leaves every page for the head script's data (src/shared/head-script.ts).
// The server allows each inline stylesheet by its hash (src/server/platform/static.ts).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { HEAD_SCRIPT, PAGE_DATA_ID, type PageData } from '../src/shared/head-script.ts';
import { PRERENDERED_DIR, PRERENDERED_PAGES } from '../src/shared/prerendered-pages.ts';

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** The route files each page matches, below the root: their split chunks hold its code and styles. */
const ROUTE_FILES: Record<string, string[]> = {
  '/': ['_public.tsx', '_public/index.tsx'],
  '/login': ['_public.tsx', '_public/login.tsx'],
  '/register': ['_public.tsx', '_public/register.tsx'],
  '/forgot-password': ['_public.tsx', '_public/forgot-password.tsx'],
  '/careers': ['_public.tsx', '_public/careers.index.tsx'],
  '/about': ['about.tsx'],
  '/terms': ['terms.tsx'],
  '/privacy': ['privacy.tsx'],
};

/** Runs after the app's bundle is written, before vite-plugin-pwa (closeBundleOrder 'post') lists the precache. */
export function prerenderPublicPages(): Plugin {
  let dist: string | null = null;
  return {
    name: 'rendezvous:prerender',
    transformIndexHtml: (html) => html.replace('</title>', `</title>\n    <script>${HEAD_SCRIPT}</script>`),
    configResolved(config) {
      dist = config.command === 'build' && !config.build.ssr ? path.resolve(config.root, config.build.outDir) : null;
    },
    closeBundle: {
      sequential: true,
      async handler() {
        if (dist) await prerender(dist, path.resolve(dist, '..'));
      },
    },
  };
}

async function prerender(dist: string, root: string) {
  const { renderPage, renderSkeleton, pageHeadings, shellCalls, skeletonRoutes } = await buildRenderer(root);
  const shell = await readFile(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const shellStyles = [...shell.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((match) => match[1]!);
  const empty = '<div id="root"></div>';
  if (!shell.includes(empty)) throw new Error(`index.html has no ${empty} to fill`);
  // No page has a script tag for the app: the head script asks for it once the page has painted.
  const entry = `/${manifest['index.html']!.file}`;
  const entryTag = `<script type="module" crossorigin src="${entry}"></script>`;
  if (!shell.includes(entryTag)) throw new Error(`index.html has no ${entryTag} to move into the head script`);
  const withData = (html: string, data: PageData) =>
    html
      .replace(entryTag, '')
      .replace(`<script>${HEAD_SCRIPT}</script>`, (script) => `<script type="application/json" id="${PAGE_DATA_ID}">${JSON.stringify(data)}</script>${script}`);
  await rm(path.join(dist, PRERENDERED_DIR), { recursive: true, force: true });
  await mkdir(path.join(dist, PRERENDERED_DIR), { recursive: true });
  for (const [pathname, file] of Object.entries(PRERENDERED_PAGES)) {
    const files = ['__root.tsx', ...(ROUTE_FILES[pathname] ?? [])].map((name) => `src/app/routes/${name}`);
    const stylesheets = [...shellStyles, ...[...stylesOf(manifest, files)].filter((css) => !shellStyles.includes(css))];
    const css = (await Promise.all(stylesheets.map((file) => readFile(path.join(dist, file), 'utf8')))).join('\n');
    const markup = await renderPage(pathname);
    // The page paints from its HTML alone; its code loads after (preloading it would compete for
    // a phone's bandwidth).
    const page = withData(withInlineStyles(shell, css), { entry })
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace(empty, () => `<div id="root" data-prerendered>${markup}</div>`);
    await writeFile(path.join(dist, PRERENDERED_DIR, file), page);
  }
  // The shell itself: the skeleton of a member's page, styled without waiting for a stylesheet, and
  // the pages' own skeletons (/browse, /score, …) with the rules of their routes' stylesheets that
  // style them.
  const skeletons = skeletonRoutes();
  const headings = pageHeadings();
  const skeleton = renderSkeleton(headings);
  const pageStyles = [...stylesOf(manifest, Object.values(skeletons).map(({ route }) => `src/app/routes/${route}`))].filter((css) => !shellStyles.includes(css));
  const shellCss = [
    ...(await Promise.all(shellStyles.map((file) => readFile(path.join(dist, file), 'utf8')))),
    ...(await Promise.all(pageStyles.map(async (file) => rulesFor(await readFile(path.join(dist, file), 'utf8'), skeleton)))),
  ].join('\n');
  await writeFile(
    path.join(dist, 'index.html'),
    withData(withInlineStyles(shell, shellCss + shellPageCss(Object.keys(headings), skeletons)), {
      entry,
      chunks: memberPageChunks(manifest),
      calls: shellCalls(),
    })
      .replace(empty, () => `<div id="root">${skeleton}</div>`),
  );
}

/**
 * What a member's page downloads before it can show its data, by path: '*' the query provider's
 * code, which every member page loads, and each page path its route's loader and component chunks
 * with everything they import and their stylesheets (a path ending in / stands for each path one level
 * below it, as in the head script's calls). On a device with a stored session the head script asks
 * for them once the shell has painted, beside the start-up script (decision 61).
 */
function memberPageChunks(manifest: Manifest): Record<string, string[]> {
  const filesOf = (key: string, files = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return files;
    files.add(chunk.file);
    chunk.css?.forEach((file) => files.add(file));
    chunk.imports?.forEach((imported) => filesOf(imported, files));
    return files;
  };
  const kit = filesOf('src/app/platform/query-provider.tsx');
  const pages: Record<string, string[]> = { '*': [...kit] };
  for (const key of Object.keys(manifest)) {
    const route = /^src\/app\/routes\/_member\/(?:_verified\/)?([\w.$-]+)\.tsx\?tsr-split=(?:loader|component)$/.exec(key)?.[1];
    if (!route) continue;
    // A page with an id at its end (a conversation, a member's page) is keyed by the path before it.
    const page = `/${route.replace(/\.index$/, '').replaceAll('.', '/')}`.replace(/\$\w+$/, '');
    if (page.includes('$')) continue;
    pages[page] = [...new Set([...(pages[page] ?? []), ...filesOf(key)])].filter((file) => !kit.has(file));
  }
  return pages;
}

/**
 * The shell paints the heading of the page at its address (<html data-page>, set by the head
 * script), in place of the skeleton's grey title, so a member's page names itself at first paint;
 * on a path with a page skeleton of its own (app/prerender.tsx; one ending in / stands for every
 * path below it), that skeleton alone instead (outside the page's frame where the page has none).
 */
function shellPageCss(paths: string[], skeletons: Record<string, { bare: boolean }>) {
  const on = (selector: string) => paths.map((page) => `html[data-page="${page}"] ${selector}`).join(',');
  const at = (page: string) => (page.endsWith('/') ? `html[data-page^="${page}"]` : `html[data-page="${page}"]`);
  return [
    '.shell-heading,.shell-heading>span,.page-skeleton{display:none}',
    // A skeleton's part the head script has not drawn yet (shell-first-page.ts), whatever its class's display.
    '.page-skeleton [hidden]{display:none!important}',
    `${on('.shell-heading')}{display:block}`,
    `${on('.app-skeleton-title')}{display:none}`,
    ...paths.map((page) => `html[data-page="${page}"] .shell-heading>[data-page="${page}"]{display:inline}`),
    ...Object.entries(skeletons).flatMap(([page, { bare }]) => [
      `${at(page)} .app-skeleton>:not([data-skeleton="${page}"],[role=status]){display:none}`,
      `${at(page)} [data-skeleton="${page}"]{display:block}`,
      // A page without the page's frame: its skeleton neither (the page's own <main> is its frame).
      ...(bare ? [`${at(page)} .app-skeleton{max-width:none;padding:0}`] : []),
    ]),
  ].join('\n');
}

/**
 * The rules of a (minified) stylesheet that may style the markup: a rule is kept when one of its
 * selectors names only classes the markup has or may be given (a selector without classes is
 * kept), @media and @supports blocks with such rules, other at-rules (@keyframes) whole. The route's
 * full stylesheet comes with the page's code.
 */
function rulesFor(css: string, markup: string): string {
  // The classes written, and those the head script may add (the labels of its fills, shell-first-page.ts).
  const labels = [...markup.matchAll(/data-labels="([^"]*)"/g)].flatMap((match) => Object.values(JSON.parse(match[1]!.replaceAll('&quot;', '"')) as Record<string, string>));
  const classes = new Set([...[...markup.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/)), ...labels]);
  const matches = (selectors: string) =>
    selectors.split(',').some((selector) => [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every((match) => classes.has(match[1]!)));
  const kept: string[] = [];
  let at = 0;
  while (at < css.length) {
    const open = css.indexOf('{', at);
    if (open < 0) break;
    let close = open;
    for (let depth = 0; close < css.length; close++) {
      if (css[close] === '{') depth++;
      else if (css[close] === '}' && --depth === 0) break;
    }
    const head = css.slice(at, open).trim();
    const body = css.slice(open + 1, close);
    if (/^@(media|supports)/.test(head)) {
      const inner = rulesFor(body, markup);
      if (inner) kept.push(`${head}{${inner}}`);
    } else if (head.startsWith('@') || matches(head)) kept.push(`${head}{${body}}`);
    at = close + 1;
  }
  return kept.join('');
}

/** The page's stylesheets inline (no request before the first paint). */
function withInlineStyles(html: string, css: string) {
  return html.replace(/\s*<link rel="stylesheet"[^>]*>/g, '').replace('</head>', () => `<style>${css}</style></head>`);
}

/** The app built for Node (one-off, beside node_modules): the same components, rendered to a string. */
async function buildRenderer(root: string) {
  const outDir = path.join(root, 'node_modules', '.prerender');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [tanstackRouter({ target: 'react', routesDirectory: './src/app/routes', generatedRouteTree: './src/app/route-tree.gen.ts' }), react()],
    // The router renders as it does in the browser (`isServer` left to the router, see src/app/prerender.tsx), so the markup,
    // Suspense boundaries included, is exactly what the browser's first render hydrates.
    resolve: { alias: [{ find: '@tanstack/router-core/isServer', replacement: path.join(root, 'node_modules/@tanstack/router-core/dist/esm/isServer/development.js') }] },
    ssr: { noExternal: [/^@tanstack\//] },
    build: { ssr: 'src/app/prerender.tsx', outDir, emptyOutDir: true, target: 'node20' },
  });
  return (await import(path.join(outDir, 'prerender.js'))) as typeof import('../src/app/prerender.tsx');
}

/** The stylesheets of the route files' split parts and of every chunk they import. */
function stylesOf(manifest: Manifest, routeFiles: string[]) {
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  for (const key of Object.keys(manifest)) {
    if (routeFiles.some((file) => key === file || key.startsWith(`${file}?`))) visit(key);
  }
  return styles;
}
