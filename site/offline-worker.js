// Rally Notebooks' service worker: the whole site saved in the browser, so that after one
// visit every lesson (both languages) opens with no network and no server.
// bin/site writes it as the site's service-worker.js (site/offline.py fills in the build's
// VERSION and FILES); JupyterLite's own worker, loaded at the end, still answers the
// requests it is for (its kernel's files and input).
//
// - Every request for the site goes to the network first, so a new build reaches a
//   returning browser on its next visit online. When the network fails, or is slower than
//   TIMEOUT while a saved copy exists, the saved copy answers, and for OFFLINE_FOR after
//   that the saved copy answers first (a tablet on the bus, the teacher's laptop closed).
// - Offline, only a complete copy of one build answers: the newest complete one. A build's
//   copy is complete when every file is saved and the server still serves that build.
// - The site is saved when a lesson page asks ("rally-offline-save", sent once the lesson
//   is live and again while it is not done), never during the first load, so saving never
//   slows a lesson down. Files the page loaded already come from the browser's own cache
//   (the server answers 304). A browser may stop a worker after some minutes of work: the
//   page asks again, and saving goes on from where it stopped.
// - Each build saves into a cache of its own version, with the list of its files and their
//   contents' hashes (FILES) beside them. A file an older build's complete copy saved with
//   the same hash is copied from there, not downloaded again: a new build costs a returning
//   browser only the files it changed. Older builds' caches are deleted once this build's
//   copy is complete, never before.
// Its names live in a scope of their own: JupyterLite's worker, loaded into the same
// global scope, declares names of its own (CACHE, for one).
(() => {
"use strict";

const VERSION = "__VERSION__";
const FILES = __FILES__;
const PREFIX = "rally-offline-";
const CACHE = PREFIX + VERSION;
const DONE = new URL("rally-offline-complete", self.location).href;
const LIST = new URL("rally-offline-files", self.location).href;
const PATHS = Object.keys(FILES);
const AT_ONCE = 6;
const TIMEOUT = 4000;
const OFFLINE_FOR = 60000;
let offlineUntil = 0;

/** JupyterLite's worker answers these: its kernel's file system and input, its heartbeat. */
function forJupyterLite(url) {
  return url.pathname.includes("/api/drive") || url.pathname.includes("/api/stdin/")
    || url.pathname.endsWith("/api/service-worker-heartbeat");
}

/** The newest complete copy: this build's, else an older build's (never a mix of two). */
async function completeCopy() {
  const mine = await caches.open(CACHE);
  if (await mine.match(DONE)) return mine;
  for (const key of (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE).reverse()) {
    const other = await caches.open(key);
    if (await other.match(DONE)) return other;
  }
  return null;
}

async function saved(request) {
  const copy = await completeCopy();
  if (!copy) return null;
  const url = new URL(request.url);
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  return copy.match(url.href, { ignoreSearch: true, ignoreVary: true });
}

async function networkOrSaved(request) {
  const copy = await saved(request);
  if (copy && Date.now() < offlineUntil) return copy;  // the network failed a moment ago
  const controller = new AbortController();
  const timer = copy ? setTimeout(() => controller.abort(), TIMEOUT) : null;
  try {
    return await fetch(request, { signal: controller.signal });
  } catch (error) {
    if (!copy) throw error;
    offlineUntil = Date.now() + OFFLINE_FOR;
    return copy;
  } finally {
    clearTimeout(timer);
  }
}

async function tell(message) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) client.postMessage(message);
}

let failed = 0;
async function status() {
  const cache = await caches.open(CACHE);
  const complete = Boolean(await cache.match(DONE));
  const count = complete ? PATHS.length : await savedCount(cache);
  return { type: "rally-offline", version: VERSION, saved: Math.min(count, PATHS.length), total: PATHS.length,
           complete, failed };
}

/** How many of the site's files a cache holds (not its own notes: DONE, LIST). */
async function savedCount(cache) {
  return (await cache.keys()).filter((r) => r.url !== DONE && r.url !== LIST).length;
}

/** Where an older build's complete copy saved each file, by the file's path and hash. */
async function olderCopies() {
  const found = new Map();
  for (const key of (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE)) {
    const other = await caches.open(key);
    const list = (await other.match(DONE)) && (await other.match(LIST));
    if (!list) continue;
    let files;
    try { files = await list.json(); } catch (error) { continue; }
    for (const [path, hash] of Object.entries(files)) found.set(path + "\0" + hash, other);
  }
  return found;
}

/** Whether the server still serves this build (a worker of an older build must not fill its
 *  copy with a newer build's files). */
async function stillThisBuild() {
  try {
    const worker = await fetch(new URL("service-worker.js", self.location).href, { cache: "no-cache" });
    return worker.ok && (await worker.text()).includes(JSON.stringify(VERSION));
  } catch (error) {
    return false;
  }
}

let saving = null;
function save() {
  saving ??= (async () => {
    const cache = await caches.open(CACHE);
    if (await cache.match(DONE)) return;
    if (!(await stillThisBuild())) return;
    await cache.put(LIST, new Response(JSON.stringify(FILES), { headers: { "Content-Type": "application/json" } }));
    const have = new Set((await cache.keys()).map((r) => r.url));
    const missing = PATHS.filter((f) => !have.has(new URL(f, self.location).href));
    const older = await olderCopies();
    let next = 0, lastTold = 0;
    failed = 0;
    const worker = async () => {
      while (next < missing.length) {
        const path = missing[next++], url = new URL(path, self.location).href;
        try {
          const other = older.get(path + "\0" + FILES[path]);
          const copied = other && (await other.match(url, { ignoreVary: true }));
          const response = copied || (await fetch(url, { cache: "no-cache" }));
          if (!response.ok) throw new Error(`${response.status} for ${url}`);
          await cache.put(url, response);
        } catch (error) {
          failed += 1;
        }
        if (Date.now() - lastTold > 500) { lastTold = Date.now(); tell(await status()); }
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    if (failed === 0 && (await savedCount(cache)) >= PATHS.length && (await stillThisBuild())) {
      await cache.put(DONE, new Response(VERSION));
      // This build's copy is whole: older builds' copies may go now.
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
    }
    tell(await status());
  })().finally(() => { saving = null; });
  return saving;
}

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
