// Rally Notebooks' service worker: the whole site saved in the browser, so that after one
// visit every lesson (both languages) opens with no network and no server.
// bin/site writes it as the site's service-worker.js (site/offline.py fills in the build's
// VERSION and FILES); JupyterLite's own worker, loaded at the end, still answers the
// requests it is for (its kernel's files and input).
//
// - Every request for the site goes to the network first, so a new build reaches a
//   returning browser on its next visit online; only when the network fails (no network,
//   the teacher's laptop closed) is the saved copy used.
// - The site is saved when a lesson page asks ("rally-offline-save", sent once the lesson
//   is live), never during the first load, so saving never slows a lesson down. Files the
//   page loaded already come from the browser's own cache (the server answers 304).
// - Each build saves into a cache of its own version; an older version's cache is deleted
//   when this worker takes over.
// Its names live in a scope of their own: JupyterLite's worker, loaded into the same
// global scope, declares names of its own (CACHE, for one).
(() => {
"use strict";

const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `rally-offline-${VERSION}`;
const DONE = new URL("rally-offline-complete", self.location).href;
const AT_ONCE = 6;

/** JupyterLite's worker answers these: its kernel's file system and input, its heartbeat. */
function forJupyterLite(url) {
  return url.pathname.includes("/api/drive") || url.pathname.includes("/api/stdin/")
    || url.pathname.endsWith("/api/service-worker-heartbeat");
}

async function saved(request) {
  const url = new URL(request.url);
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  const cache = await caches.open(CACHE);
  return cache.match(url.href, { ignoreSearch: true, ignoreVary: true });
}

async function networkOrSaved(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const copy = await saved(request);
    if (copy) return copy;
    throw error;
  }
}

async function tell(message) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) client.postMessage(message);
}

async function status() {
  const cache = await caches.open(CACHE);
  const complete = Boolean(await cache.match(DONE));
  const count = complete ? FILES.length : (await cache.keys()).length;
  return { type: "rally-offline", version: VERSION, saved: Math.min(count, FILES.length), total: FILES.length, complete };
}

let saving = null;
function save() {
  saving ??= (async () => {
    const cache = await caches.open(CACHE);
    if (await cache.match(DONE)) return;
    const have = new Set((await cache.keys()).map((r) => r.url));
    const missing = FILES.map((f) => new URL(f, self.location).href).filter((u) => !have.has(u));
    let done = FILES.length - missing.length, failed = 0, next = 0, lastTold = 0;
    const worker = async () => {
      while (next < missing.length) {
        const url = missing[next++];
        try {
          const response = await fetch(url, { cache: "no-cache" });
          if (!response.ok) throw new Error(`${response.status} for ${url}`);
          await cache.put(url, response);
          done += 1;
        } catch (error) {
          failed += 1;
        }
        if (Date.now() - lastTold > 500) { lastTold = Date.now(); tell(await status()); }
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    if (failed === 0 && done === FILES.length) await cache.put(DONE, new Response(VERSION));
    tell(await status());
  })().finally(() => { saving = null; });
  return saving;
}

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(
    keys.filter((key) => key.startsWith("rally-offline-") && key !== CACHE).map((key) => caches.delete(key)))));
});

self.addEventListener("message", (event) => {
  const kind = event.data && event.data.type;
  if (kind === "rally-offline-save") event.waitUntil(save());
  else if (kind === "rally-offline-status") event.waitUntil(status().then((s) => event.source && event.source.postMessage(s)));
});

// Registered before JupyterLite's listener, so it is asked first; what it answers, the
// other listener never sees.
self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || forJupyterLite(url)) return;
  event.stopImmediatePropagation();
  event.respondWith(networkOrSaved(request));
});
})();

importScripts("./jupyterlite-service-worker.js");
