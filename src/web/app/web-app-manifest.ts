import type { ManifestOptions } from 'vite-plugin-pwa';

/** The app's dark canvas (styles.css --color-canvas; index.html's theme-color). */
const CANVAS = '#0b0b10';

/**
 * The web app manifest (vite.config.ts writes it to /manifest.webmanifest): what a phone needs
 * to install Darefund to its home screen. The icons are public/icons, rendered from the brand
 * mark by assets/app-icons/generate.sh; the maskable ones keep the mark inside the inner 80%.
 */
export const webAppManifest = {
  id: '/',
  name: 'Darefund',
  short_name: 'Darefund',
  description:
    'Post short-video dares, pledge money, prove it, vote. Create, Pledge, Complete, Earn.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: CANVAS,
  background_color: CANVAS,
  categories: ['entertainment', 'social'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    {
      src: '/icons/icon-maskable-192.png',
      sizes: '192x192',
      type: 'image/png',
      purpose: 'maskable',
    },
    {
      src: '/icons/icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
} satisfies Partial<ManifestOptions>;
