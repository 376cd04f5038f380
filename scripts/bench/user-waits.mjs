// What users wait on: signing in (the password hash), buying a package, and the signed-in dashboard and
// order list of a buyer and a team admin with 200 orders. Users, sessions and packages are rows written
// straight into the benchmark's database; the sign-in accounts carry a real hash of our algorithm, the
// access tokens of everyone else are signed with the server's JWT_SECRET as access-tokens.ts signs them,
// and the 200 orders are bought through POST /api/orders, so their payments, ledger entries and events
// are the ones a real purchase writes.
import { randomBytes, randomUUID, scrypt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { signAccessToken } from './chat.mjs';
import { seedPackages } from './package-search.mjs';
import { cpuMicrosecondsPerRequest, processCpuTicks } from './process-cpu.mjs';
import { median, quantile, round1 } from './statistics.mjs';

/** accounts/password.ts: OWASP's scrypt recommendation, N=2^17, r=8, p=1, a 64-byte key, a 16-byte salt. */
const HASH = { costLog2: 17, blockSize: 8, parallelism: 1, keyLength: 64, saltLength: 16 };
const CONCURRENCY = 10;
const WARM_UP_SECONDS = 2;
/** Accounts the sign-ins take turns on, and buyers the purchases take turns on. */
const SIGN_IN_ACCOUNTS = 50;
const ORDER_BUYERS = 1000;
const DASHBOARD_ORDERS = 200;
const PASSWORD = 'bench-password-1';

function derive(password, salt) {
  const cost = 2 ** HASH.costLog2;
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      HASH.keyLength,
      {
        N: cost,
        r: HASH.blockSize,
        p: HASH.parallelism,
        maxmem: 128 * cost * HASH.blockSize + 16 * 1024 ** 2,
      },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** A hash in password.ts's format, and the milliseconds it took (one hash, nothing else running here). */
async function passwordHash(password) {
  const salt = randomBytes(HASH.saltLength);
  const started = performance.now();
  const key = await derive(password, salt);
  const milliseconds = performance.now() - started;
  const { costLog2, blockSize, parallelism } = HASH;
  const text = ['scrypt', costLog2, blockSize, parallelism, salt.toString('base64'), key.toString('base64')];
  return { hash: text.join('$'), milliseconds };
}

async function insertUsers(client, prefix, count, { role, passwordHash = 'not-a-usable-hash' }) {
  const { rows } = await client.query(
    `insert into users (username, email, password_hash, role, email_verified, is_verified)
     select $1 || g, $1 || g || '@example.com', $3, $4, true, true from generate_series(1, $2::int) g
     returning id, username`,
    [prefix, count, passwordHash, role],
  );
  return rows;
}

/** A live session per user (the refresh-token row the access token's `sid` names) and its access token. */
async function sessionsFor(client, secret, users) {
  const sessions = users.map((user) => ({ userId: user.id, sessionId: randomUUID() }));
  await client.query(
    `insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
     select user_id, family_id, 'bench-' || family_id, now() + interval '1 day'
       from unnest($1::int[], $2::uuid[]) as s(user_id, family_id)`,
    [sessions.map((session) => session.userId), sessions.map((session) => session.sessionId)],
  );
  return sessions.map((session) => ({ ...session, token: signAccessToken(secret, session) }));
}

/**
 * The users of this part: accounts to sign in with (one real hash, shared: verifying it costs the same
 * for every account), buyers with sessions, published packages to buy, and a team of its own with an
 * admin and a buyer for the 200 orders, so that no other part's orders land on their dashboards.
 */
async function seedUserWaits(databaseUrl, secret) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const hashes = [];
    for (let index = 0; index < 3; index += 1) hashes.push(await passwordHash(PASSWORD));
    const signInUsers = await insertUsers(client, 'bench_sign_in_', SIGN_IN_ACCOUNTS, {
      role: 'BUYER',
      passwordHash: hashes[0].hash,
    });
    const buyers = await sessionsFor(
      client,
      secret,
      await insertUsers(client, 'bench_order_buyer_', ORDER_BUYERS, { role: 'BUYER' }),
    );
    const [dashboardBuyer] = await sessionsFor(
      client,
      secret,
      await insertUsers(client, 'bench_dashboard_buyer_', 1, { role: 'BUYER' }),
    );
    const [dashboardAdmin] = await sessionsFor(
      client,
      secret,
      await insertUsers(client, 'bench_dashboard_admin_', 1, { role: 'TEAM_ADMIN' }),
    );
    const {
      rows: [team],
    } = await client.query(
      `insert into teams (name, description, admin_id, max_members, member_count, is_active)
       values ('Bench Dashboard Team', 'The team of the dashboard benchmark.', $1, 10, 1, true) returning id`,
      [dashboardAdmin.userId],
    );
    const { rows: teamPackages } = await client.query(
      `insert into service_packages (team_id, title, description, price_cents, duration_days, tags, status)
       select $1, 'Dashboard package ' || g, 'A package of the dashboard benchmark, bought two hundred times.',
              10000 * g, 7 * g, 'bench,dashboard', 'published'
         from generate_series(1, 4) g
       returning id, price_cents`,
      [team.id],
    );
    // Packages of other teams for the purchases: the search benchmark's when they are there, else any.
    const { rows: shopPackages } = await client.query(
      `select p.id, p.price_cents from service_packages p join teams t on t.id = p.team_id
        where p.status = 'published' and t.is_active and t.id <> $1
        order by (t.name like 'Bench Team %') desc, p.id limit 100`,
      [team.id],
    );
    if (shopPackages.length === 0) throw new Error('no published package to buy');
    return {
      hash: { ...HASH, milliseconds: hashes.map((entry) => round1(entry.milliseconds)) },
      signInUsers,
      buyers,
      shopPackages,
      dashboard: { buyer: dashboardBuyer, admin: dashboardAdmin, packages: teamPackages },
    };
  } finally {
    await client.end();
  }
}

/**
 * `CONCURRENCY` clients, each sending its next request as soon as the previous one is answered, for
 * `seconds`: answers per second, p50 and p99 (ms), and the statuses seen. `request(index)` gives the
 * index-th request's `{ path, method, headers, body }`.
 */
async function closedLoop(server, seconds, request, { okStatus }) {
  const ticksBefore = await processCpuTicks(server.pid);
  const latencies = [];
  const statuses = {};
  let next = 0;
  let firstProblem;
  const started = performance.now();
  const until = started + seconds * 1000;
  async function client() {
    while (performance.now() < until) {
      const { path, method = 'GET', headers = {}, body } = request(next++);
      const sent = performance.now();
      const answer = await fetch(`${server.url}${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await answer.text();
      latencies.push(performance.now() - sent);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (answer.status !== okStatus)
        firstProblem ??= `${method} ${path} answered ${answer.status}: ${text.slice(0, 300)}`;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const elapsed = (performance.now() - started) / 1000;
  const ticks = (await processCpuTicks(server.pid)) - ticksBefore;
  const sorted = latencies.sort((a, b) => a - b);
  const ok = statuses[okStatus] ?? 0;
  return {
    per_second: round1(ok / elapsed),
    p50_ms: Math.round(quantile(sorted, 0.5)),
    p99_ms: Math.round(quantile(sorted, 0.99)),
    requests: latencies.length,
    server_cpu_ms_per_request: round1(cpuMicrosecondsPerRequest(ticks, latencies.length) / 1000),
    statuses,
    first_problem: firstProblem,
  };
}

/** Sign-ins at 10 concurrent, the accounts taking turns; a warm-up first, thrown away. */
async function measureSignIn(server, seeded, seconds) {
  const request = (index) => ({
    path: '/api/auth/login',
    method: 'POST',
    body: { username: seeded.signInUsers[index % seeded.signInUsers.length].username, password: PASSWORD },
  });
  await closedLoop(server, WARM_UP_SECONDS, request, { okStatus: 200 });
  return closedLoop(server, seconds, request, { okStatus: 200 });
}

const billingAddress = {
  street: '1 Market Street',
  city: 'San Francisco',
  state: 'CA',
  postal_code: '94105',
  country: 'US',
};

/** A purchase of a package with the test provider's success card, as the checkout page sends it. */
function purchase(buyer, item) {
  return {
    path: '/api/orders',
    method: 'POST',
    headers: { authorization: `Bearer ${buyer.token}`, 'idempotency-key': randomUUID() },
    body: {
      service_package_id: item.id,
      total_amount: item.price_cents / 100,
      payment_method: 'credit_card',
      card: {
        card_number: '4242424242424242',
        expiry_month: 12,
        expiry_year: new Date().getUTCFullYear() + 3,
        cvv: '123',
        cardholder_name: 'Bench Buyer',
      },
      billing_address: billingAddress,
    },
  };
}

/** Purchases at 10 concurrent: each by the next buyer (so each buys a few), of the next package. */
async function measureOrders(server, seeded, seconds) {
  let turn = 0;
  const request = () => {
    const index = turn++;
    return purchase(
      seeded.buyers[index % seeded.buyers.length],
      seeded.shopPackages[index % seeded.shopPackages.length],
    );
  };
  await closedLoop(server, WARM_UP_SECONDS, request, { okStatus: 201 });
  const measured = await closedLoop(server, seconds, request, { okStatus: 201 });
  return { ...measured, purchases_per_buyer: round1(turn / seeded.buyers.length) };
}

async function send(baseUrl, { path, method = 'GET', headers = {}, body }) {
  const answer = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/**
 * The dashboard buyer buys 200 orders of the dashboard team's packages through the API (5 at a time),
 * and the team admin starts half of them, so both dashboards have orders in two states.
 */
async function buyDashboardOrders(baseUrl, seeded) {
  const { buyer, admin, packages } = seeded.dashboard;
  const orders = [];
  let next = 0;
  async function worker() {
    while (next < DASHBOARD_ORDERS) {
      next += 1;
      orders.push(await send(baseUrl, purchase(buyer, packages[next % packages.length])));
    }
  }
  await Promise.all(Array.from({ length: 5 }, worker));
  const started = orders.filter((_, index) => index % 2 === 0);
  for (const order of started) {
    await send(baseUrl, {
      path: `/api/orders/${order.id}/status`,
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}` },
      body: { status: 'in_progress' },
    });
  }
  return { orders: orders.length, in_progress: started.length };
}

function load(url, token, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONCURRENCY, duration: seconds, headers: { authorization: `Bearer ${token}` } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/**
 * GET /api/dashboard and the orders page's first request (`/api/orders?scope=…&skip=0&limit=100`, as
 * get-orders.ts asks) for the buyer and the team admin: 10 connections, a warm-up, then `rounds` rounds
 * of `seconds`, median p50, p99 and requests per second.
 */
async function measureSignedInPages(server, seeded, { seconds, rounds }) {
  const { buyer, admin } = seeded.dashboard;
  const pages = [
    { name: 'GET /api/dashboard, buyer', path: '/api/dashboard', token: buyer.token },
    { name: 'GET /api/dashboard, team admin', path: '/api/dashboard', token: admin.token },
    {
      name: 'GET /api/orders (first page of 100), buyer',
      path: '/api/orders?scope=buyer&skip=0&limit=100',
      token: buyer.token,
    },
    {
      name: 'GET /api/orders (first page of 100), team admin',
      path: '/api/orders?scope=team&skip=0&limit=100',
      token: admin.token,
    },
  ];
  const measured = [];
  for (const page of pages) {
    const url = `${server.url}${page.path}`;
    const check = await fetch(url, { headers: { authorization: `Bearer ${page.token}` } });
    const body = Buffer.from(await check.arrayBuffer());
    if (!check.ok) throw new Error(`${page.path} answered ${check.status}: ${body.toString().slice(0, 300)}`);
    await load(url, page.token, WARM_UP_SECONDS);
    const runs = [];
    for (let round = 0; round < rounds; round += 1) {
      const before = await processCpuTicks(server.pid);
      const result = await load(url, page.token, seconds);
      const ticks = (await processCpuTicks(server.pid)) - before;
      runs.push({ ...result, cpuMicroseconds: cpuMicrosecondsPerRequest(ticks, result.requests.total) });
    }
    measured.push({
      name: page.name,
      p50_ms: median(runs.map((run) => run.latency.p50)),
      p99_ms: median(runs.map((run) => run.latency.p99)),
      requests_per_second: Math.round(median(runs.map((run) => run.requests.average))),
      server_cpu_ms_per_request: round1(median(runs.map((run) => run.cpuMicroseconds)) / 1000),
      body_bytes: body.length,
      errors: runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0),
    });
  }
  return measured;
}

/**
 * The part: an instance of its own (so the 200 purchases and the sign-ins' sessions disturb no other
 * figure), the catalogue's `packages` seeded packages, then sign-in, purchases, and the signed-in pages.
 * `figure(name, value, unit, target, details)` is the bench's.
 */
export async function userWaits({
  databaseUrl,
  jwtSecret,
  startApi,
  stop,
  figure,
  port,
  packages,
  seconds,
  rounds,
}) {
  const seededPackages = await seedPackages(databaseUrl, packages);
  if (seededPackages.inserted > 0) console.log(`   seeded ${seededPackages.inserted} packages`);
  const seeded = await seedUserWaits(databaseUrl, jwtSecret);
  // The dashboard buyer makes 200 purchases within the hour, past the 10 a buyer may make; the bench
  // raises that limit as the test app does (every attempt is still counted, so it costs the same).
  const instance = await startApi(port, { SEED_DEMO: 'false', PAYMENT_ATTEMPTS_PER_BUYER: '1000000' });
  const server = { url: `http://127.0.0.1:${port}`, pid: instance.pid };
  try {
    const measuredSeconds = seconds * rounds;
    const signIn = await measureSignIn(server, seeded, measuredSeconds);
    const { costLog2, blockSize, parallelism } = seeded.hash;
    const hashName = `scrypt N=2^${costLog2}, r=${blockSize}, p=${parallelism}`;
    const ordersMeasured = await measureOrders(server, seeded, measuredSeconds);
    const bought = await buyDashboardOrders(server.url, seeded);
    const pages = await measureSignedInPages(server, seeded, { seconds, rounds });
    const { per_second: signInRate, p99_ms: signInP99, ...signInDetails } = signIn;
    const { per_second: orderRate, p99_ms: orderP99, ...orderDetails } = ordersMeasured;
    return [
      figure(`Sign-in password hash (${hashName}), one hash`, median(seeded.hash.milliseconds), 'ms', null, {
        runs: seeded.hash.milliseconds,
      }),
      figure(
        'Sign-ins per second, one instance, 10 concurrent',
        signInRate,
        'sign-ins/s',
        null,
        signInDetails,
      ),
      figure('Sign-in p99, 10 concurrent', signInP99, 'ms', null, { p50_ms: signIn.p50_ms }),
      figure(
        'Order creation (POST /api/orders, test provider), 10 concurrent buyers',
        orderRate,
        'orders/s',
        null,
        orderDetails,
      ),
      figure('Order creation p99, 10 concurrent buyers', orderP99, 'ms', null, {
        p50_ms: ordersMeasured.p50_ms,
      }),
      ...pages.map(({ name, p99_ms: p99, ...details }) =>
        figure(`${name}, ${DASHBOARD_ORDERS} orders, 10 connections: p99`, p99, 'ms', null, {
          ...details,
          note:
            `p50 ${details.p50_ms} ms, ${details.requests_per_second} requests/s,` +
            ` server CPU ${details.server_cpu_ms_per_request} ms per request, answer ${details.body_bytes} bytes`,
          orders: bought,
        }),
      ),
    ];
  } finally {
    await stop(instance);
  }
}

/**
 * A buyer signed in as the web app keeps it (localStorage `access_token` and `refresh_token`), for the
 * pages that need a sign-in (the browse page). The refresh token is a placeholder: the access token
 * lasts the hour a bench takes, so the app never has to refresh.
 */
export async function signedInBrowserStorage(databaseUrl, secret) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const suffix = randomBytes(4).toString('hex');
    const [session] = await sessionsFor(
      client,
      secret,
      await insertUsers(client, `bench_browser_${suffix}_`, 1, { role: 'BUYER' }),
    );
    return { access_token: session.token, refresh_token: `bench-${session.sessionId}` };
  } finally {
    await client.end();
  }
}
