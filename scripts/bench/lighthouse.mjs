// Lighthouse mobile performance (its default: a mid-range phone, simulated slow 4G and a 4x slower
// CPU) with the Debian Chromium. A fresh browser for every run, so every run is a first visit, and a
// run that fails to record its trace (Lighthouse's NO_NAVSTART and the like, which a busy machine
// provokes now and then) is tried again, at most twice. A page that needs a sign-in gets the session
// written into the browser's localStorage first (the health check loaded, so the cache stays empty).
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import WebSocket from 'ws';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ATTEMPTS = 3;

/**
 * Writes `entries` into the page origin's localStorage through the DevTools protocol, from a request
 * that loads none of the app (the health check), so that the measured load still starts with an empty
 * cache: how a signed-in person's session (the web app keeps its tokens there) reaches Lighthouse.
 */
async function storeInBrowser(port, url, entries) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const target = targets.find((entry) => entry.type === 'page');
  const socket = new WebSocket(target.webSocketDebuggerUrl, { perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let id = 0;
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const callId = ++id;
      const answer = (data) => {
        const message = JSON.parse(data.toString());
        if (message.id !== callId) return;
        socket.off('message', answer);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      };
      socket.on('message', answer);
      socket.send(JSON.stringify({ id: callId, method, params }));
    });
  try {
    const loaded = new Promise((resolve) =>
      socket.on('message', (data) => {
        if (JSON.parse(data.toString()).method === 'Page.loadEventFired') resolve();
      }),
    );
    await send('Page.enable');
    await send('Page.navigate', { url: new URL('/api/health', url).toString() });
    await loaded;
    const script = Object.entries(entries)
      .map(([key, value]) => `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`)
      .join('');
    await send('Runtime.evaluate', { expression: script });
  } finally {
    socket.close();
  }
}

async function score(url, localStorage) {
  let problem;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const chrome = await launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    try {
      if (localStorage) await storeInBrowser(chrome.port, url, localStorage);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Lighthouse clears the origin's storage first, the session with it; the browser is fresh anyway.
        disableStorageReset: Boolean(localStorage),
      });
      const value = result?.lhr.categories.performance.score;
      if (typeof value === 'number' && !result.lhr.runtimeError) return Math.round(value * 100);
      problem = result?.lhr.runtimeError?.message ?? 'no score';
    } finally {
      await chrome.kill();
    }
  }
  throw new Error(`Lighthouse gave no score for ${url} in ${ATTEMPTS} attempts: ${problem}`);
}

/**
 * The median score (0-100) of `runs` runs of each page, the pages taking turns. A page with
 * `localStorage` (key → value) is loaded with those entries stored first (a signed-in session).
 */
export async function lighthouseScores(pages, runs) {
  const scores = new Map(pages.map((page) => [page.name, []]));
  for (let run = 0; run < runs; run += 1) {
    for (const page of pages) scores.get(page.name).push(await score(page.url, page.localStorage));
  }
  return pages.map((page) => {
    const values = [...scores.get(page.name)].sort((a, b) => a - b);
    return { ...page, runs: values, median: values[Math.floor(values.length / 2)] };
  });
}
