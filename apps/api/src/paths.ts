import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits directly under src/ and is bundled into dist/server.js, so one level up is the
// API package in both cases.
export const API_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = resolve(API_ROOT, '..', '..');
export const MIGRATIONS_DIR = resolve(API_ROOT, 'src', 'db', 'migrations');
export const WEB_DIST_DIR = resolve(REPO_ROOT, 'apps', 'web', 'dist');
