// Lighthouse mobile performance (its default: a mid-range phone, simulated slow 4G and a 4x slower
// CPU) with the Debian Chromium. A fresh browser for every run, so every run is a first visit, and a
// run that fails to record its trace (Lighthouse's NO_NAVSTART and the like, which a busy machine
// provokes now and then) is tried again, at most twice.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ATTEMPTS = 3;

async function score(url) {
  let problem;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const chrome = await launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
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

/** The median score (0-100) of `runs` runs of each page, the pages taking turns. */
export async function lighthouseScores(pages, runs) {
  const scores = new Map(pages.map((page) => [page.name, []]));
  for (let run = 0; run < runs; run += 1) {
    for (const page of pages) scores.get(page.name).push(await score(page.url));
  }
  return pages.map((page) => {
    const values = [...scores.get(page.name)].sort((a, b) => a - b);
    return { ...page, runs: values, median: values[Math.floor(values.length / 2)] };
  });
}
