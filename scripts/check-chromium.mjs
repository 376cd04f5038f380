// Browser tests drive the system Chromium; a clear message beats a cryptic launch failure.
import { accessSync, constants } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
try {
  accessSync(path, constants.X_OK);
} catch {
  console.error(
    `Chromium was not found at ${path}.\n` +
      'The browser tests use the system Chromium. Install it with:\n' +
      '  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'or point CHROMIUM_PATH at another Chromium or Chrome binary.',
  );
  process.exit(1);
}
