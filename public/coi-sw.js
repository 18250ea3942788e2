// Cross-origin isolation where the host cannot send the headers (GitHub Pages and other plain
// static hosts): this service worker serves every response of the site again with COOP, COEP and
// CORP added, so the page becomes crossOriginIsolated (WebContainer needs it) from the next load.
// The approach of coi-serviceworker, kept to what this site needs. Registered by
// src/ui/deploy/isolation.ts only when the page is not isolated already.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  // A request the browser may only answer from its cache cannot be re-fetched across origins.
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  event.respondWith(
    fetch(request).then((response) => {
      // Opaque responses (status 0) cannot be read or re-headed: passed on as they are.
      if (response.status === 0) return response;
      const headers = new Headers(response.headers);
      headers.set('Cross-Origin-Opener-Policy', 'same-origin');
      headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
      headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }),
  );
});
