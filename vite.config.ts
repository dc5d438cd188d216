/// <reference types="vitest/config" />
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups } from './scripts/chunk-groups.ts';
import { prerenderPublicPages } from './scripts/prerender.ts';

/**
 * The start-up stylesheet (the theme and the shell) is inline in every page (scripts/prerender.ts),
 * so Vite's loader of a chunk's dependencies finds no <link> for it and would link it once more
 * when a later chunk that depends on the start-up script loads — after the pages' own
 * stylesheets, whose rules it then overrides (a card's padding changed under a member's eyes).
 * Its place in those lists goes to the start-up script itself, which is loaded already.
 */
function startUpStylesheetStaysInline(): Plugin {
  return {
    name: 'start-up-stylesheet-stays-inline',
    apply: 'build',
    enforce: 'post',
    // After the chunks are written: Vite fills the dependency lists in at the very end.
    writeBundle(options, bundle) {
      for (const entry of Object.values(bundle)) {
        if (entry.type !== 'chunk' || !entry.isEntry) continue;
        for (const css of entry.viteMetadata?.importedCss ?? []) {
          for (const chunk of Object.values(bundle)) {
            if (chunk.type !== 'chunk' || !chunk.code.includes(`"${css}"`)) continue;
            chunk.code = chunk.code.replaceAll(`"${css}"`, `"${entry.fileName}"`);
            writeFileSync(path.join(options.dir!, chunk.fileName), chunk.code);
          }
        }
      }
    },
  };
}

/**
 * The start-up script and the member pages' shared libraries carry V8's explicit compile hint, so
 * Chromium compiles all their functions while they download, off the main thread (decision 86):
 * nearly all of them run as a page starts, and compiling each on its first call made the start-up
 * tasks longer. After the chunks are written, as above: the minifier would drop the comment.
 */
function compiledWhileDownloading(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'compiled-while-downloading',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !(chunk.isEntry || chunk.name === 'member' || chunk.name === 'query')) continue;
        if (!chunk.code.startsWith(HINT)) chunk.code = HINT + chunk.code;
        writeFileSync(path.join(options.dir!, chunk.fileName), chunk.code);
      }
    },
  };
}

/**
 * What every API project shares. Each API test file builds its own app and database and keeps no
 * state in modules, so a worker's files share their imports (the server's code, PGlite's compiled
 * WebAssembly) instead of loading them again for every file: a third of those suites' CPU. The time
 * limits allow for the workers sharing the cores, with the build and type check beside them.
 */
const apiSuite = { environment: 'node', isolate: false, testTimeout: 60_000, hookTimeout: 120_000 } as const;

const API_TARGET = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders too: they import their feature's API module (the HTTP client), which a visitor's
      // first page must not download. A route's loader is its own chunk, apart from its component:
      // the router runs it once its own chunk is in, so a page's data call does not wait for the
      // page's UI code (decision 61).
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['pendingComponent', 'errorComponent', 'notFoundComponent']] },
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/route-tree.gen.ts',
    }),
    react(),
    startUpStylesheetStaysInline(),
    compiledWhileDownloading(),
    prerenderPublicPages(),
    VitePWA({
      // After the public pages are prerendered, so the precache lists them.
      integration: { closeBundleOrder: 'post' },
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'Rendezvous',
        short_name: 'Rendezvous',
        description: 'Publish when you are free for a short date; others book the slot.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#b0234f',
        background_color: '#ffffff',
        categories: ['social', 'lifestyle'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    // React 19 has useSyncExternalStore: the router's selector hook needs no shim for older Reacts.
    alias: [{ find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' }],
  },
  server: { proxy: { '/api': { target: API_TARGET, ws: true } } },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    // No polyfill: a browser without modulepreload (Safari before 17) still loads every chunk, only
    // without the head start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically (React, the router, the shell) in the entry's
            // own file: one request and one gzip stream instead of eight small ones (decision 40).
            { name: 'app', tags: ['$initial'], priority: 10 },
            // A member's libraries, one file each rather than a dozen pieces.
            { name: 'query', test: /node_modules[\\/](@tanstack[\\/](query|react-query)|idb-keyval)/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Every feature's paths and plain values (src/shared/api/*.paths.ts, a few KB together):
            // one file for the member pages rather than one per feature (decision 54).
            { name: 'api-paths', test: /src[\\/]shared[\\/]api[\\/][\w-]+\.paths\.ts$/ },
            // The API's prefix, which a visitor's landing page (its tagline beacon) needs too: in the
            // member group it would bring that group's 28 KB to the first visit.
            { name: 'api-prefix', test: /src[\\/]shared[\\/]api[\\/]api-prefix\.ts$/, priority: 4 },
            // The app's small shared modules in three files instead of ~25 of 0.3–2 KB (a phone
            // asks a server for six at a time; decision 61), none with zod: what /login loads, what
            // /register adds, and the member pages' platform (HTTP client, query cache, API modules).
            // Before the entry's own group (priority 10), so the entry keeps what it holds.
            { name: 'forms', test: chunkGroups.login, priority: 3, minShareCount: 2 },
            { name: 'account', test: chunkGroups.register, priority: 2, minShareCount: 2 },
            { name: 'member', test: chunkGroups.member, priority: 1, minShareCount: 2 },
          ],
        },
      },
    },
  },
  test: {
    // The API suites wait on sockets, PostgreSQL and timers as much as they compute: one worker more
    // than the cores keeps the cores busy (the default, one fewer than the cores, is one here).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'node', testTimeout: 15_000, include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'sw/**/*.test.ts', 'tests/architecture/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'dom', environment: 'jsdom', testTimeout: 15_000, include: ['src/app/**/*.test.{ts,tsx}'], setupFiles: ['src/app/platform/jsdom-setup.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          ...apiSuite,
          include: ['tests/api/**/*.test.ts'],
          // Several server instances share one database only on PostgreSQL (PGlite's NOTIFY stays in one
          // process), the cluster (Caddy in front of two instances) too; a connection pool is PostgreSQL's alone.
          exclude: ['tests/api/multi-instance-*.test.ts', 'tests/api/postgres-*.test.ts', 'tests/api/cluster.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['tests/support/pglite-global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          ...apiSuite,
          include: ['tests/api/**/*.test.ts'],
          // The storage suites do not depend on the database: they run once, in api-pglite.
          exclude: ['tests/api/embedded-*.test.ts', 'tests/api/storage-*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tests/support/postgres-global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The photo and banner APIs once more with uploads in an object store (a local S3 server) instead of the folder.
          name: 'api-s3',
          ...apiSuite,
          include: ['tests/api/photos.test.ts', 'tests/api/restaurants.test.ts'],
          env: { TEST_DB: 'pglite', TEST_STORAGE: 's3' },
          globalSetup: ['tests/support/pglite-global-setup.ts'],
        },
      },
    ],
  },
});
