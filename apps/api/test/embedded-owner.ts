// A process that owns an embedded cluster, for embedded-postgres.test.ts: started with
// `node --import tsx embedded-owner.ts DATA_DIR MODE`, it starts the cluster in DATA_DIR and then
// - `stop-then-exit-code`: stops it, sets process.exitCode = 7 and lets the event loop empty (as a test
//   runner ends);
// - `exit-without-stop`: calls process.exit(5) with the cluster still running.
import pino from 'pino';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';

const [dataDir, mode] = process.argv.slice(2);
if (!dataDir || !mode) throw new Error('usage: embedded-owner.ts DATA_DIR MODE');
const database = await startEmbeddedPostgres(dataDir, pino({ level: 'silent' }));
if (mode === 'stop-then-exit-code') {
  await database.stop();
  process.exitCode = 7;
} else if (mode === 'exit-without-stop') {
  process.exit(5);
} else {
  throw new Error(`unknown mode ${mode}`);
}
