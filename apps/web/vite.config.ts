import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The API server the dev server forwards to; CITYFORGE_API_URL points it elsewhere.
const api = {
  target: process.env.CITYFORGE_API_URL ?? 'http://127.0.0.1:3000',
  changeOrigin: false,
};

// The calls `vite dev` and `vite preview` forward to the API server: the same list for both,
// so a built app previewed locally saves and loads editor versions like the dev server does.
const proxy = {
  '/api': api,
  '/auth': api,
  // Only the editor's server calls under /project/…; /project/:id/detail and the preview
  // routes are screens of this app and must not be proxied.
  '^/project/[^/]+/(save|city/[^/]+/save|get_version_html)/': api,
  // Generated images: the server serves them at /images/{file}, as the published site does.
  '/images': api,
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The entry chunk (react-dom, react-router, zod, react-query, react-hook-form and the
    // sign-in screens) is ~610 kB raw / ~190 kB gzipped; the budget is 250 kB gzipped.
    chunkSizeWarningLimit: 700,
  },
});
