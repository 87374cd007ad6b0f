import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress-plugin';
import { webAppManifest } from './src/web/app/web-app-manifest';

const apiTarget = 'http://127.0.0.1:3001';
/**
 * The build a first `npm start` runs while the server starts (scripts/start.mjs): it leaves
 * the compressed copies to scripts/precompress.mjs, run afterwards in the background, and
 * prints no gzip sizes (each chunk compressed once more, for a report nobody reads there).
 */
const startBuild = process.env.DAREFUND_START_BUILD === '1';

/**
 * The installable app (decision 0052): /manifest.webmanifest (its <link> goes into index.html)
 * and /service-worker.js built from src/web/sw with the build's files to precache. The page
 * registers the worker itself, lazily (src/web/app/service-worker/).
 */
const installableApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/web/sw',
  filename: 'service-worker.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifest: webAppManifest,
  // The icons are matched by globPatterns below (Vite's public folder is copied into dist/web).
  includeManifestIcons: false,
  injectManifest: {
    // Registered as a classic script: every browser with service workers runs it.
    rollupFormat: 'iife',
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    // Not the .br/.gz twins (scripts/precompress.mjs: the server picks them per request), not
    // source maps, not Vite's manifest, not the touch icon only iOS's home screen reads.
    globIgnores: ['**/*.br', '**/*.gz', '**/*.map', '.vite/**', 'icons/apple-touch-icon.png'],
  },
});

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), ...(startBuild ? [] : [precompress()]), installableApp],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // Every asset the SPA needs is imported from src/web; public/ holds only what must keep a
  // fixed URL: the installed app's icons (public/icons, named in the web app manifest).
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: the server reads each route's chunks from it to modulepreload
    // them with the page (src/server/modules/web-pages/route-chunks.ts).
    manifest: true,
    reportCompressedSize: !startBuild,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every chunk is a request, and on a phone each costs a round trip: copy the small
          // shared ones (icons, the query hooks, Radix's primitives) into the chunks that use
          // them instead; Rolldown's runtime keeps one module state across the copies. 16 KB
          // (decision 0063): a first screen is 8 files instead of 11, for 15 % more JS in all.
          experimentalInlineCommonChunks: { maxSize: 16384 },
        },
      },
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/media': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
      '/robots.txt': { target: apiTarget, changeOrigin: false },
      // Every email's unsubscribe link is a server page.
      '/unsubscribe': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { port: 3000 },
});
