// Package search must stay fast at 100k packages. Seeds 100k packages with generate_series in the
// benchmark's own database (one statement, a few seconds), then measures typical searches through the
// real app at 10 connections. Figures only: the target is printed beside them, nothing fails.
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMicrosecondsPerRequest, databaseBackends, processCpuTicks } from './process-cpu.mjs';

export const SEARCH_PACKAGE_COUNT = 1_000_000;
/** Packages per INSERT statement while seeding. */
const SEED_BATCH = 100_000;
/** Above this many new packages the seed drops the secondary indexes and builds them again after. */
const REBUILD_INDEXES_ABOVE = 50_000;
const TEAM_COUNT = 200;
const WARM_UP_SECONDS = 2;

/**
 * What the generated packages are made of. A real catalogue has a wide vocabulary, so that a term
 * matches a few per cent of the packages, not a quarter of them: about 100 subjects (one in each title,
 * two in each description), 20 kinds of work, 60 tags (three on each package).
 */
const SUBJECTS =
  `landing ecommerce mobile dashboard api website wordpress shopify chatbot crm erp blog portfolio
  newsletter checkout marketplace booking inventory invoicing payroll analytics reporting warehouse pipeline
  kubernetes docker serverless microservice database migration backup monitoring logging security firewall
  authentication payments subscription onboarding search recommendation personalization translation
  localization accessibility performance caching cdn email sms notification calendar scheduling video
  streaming podcast music gaming education healthcare fitness restaurant travel realestate insurance banking
  crypto blockchain nft wallet trading logistics delivery fleet iot sensor robotics drone automation scraping
  spreadsheet documentation testing qa audit compliance gdpr branding logo illustration animation
  photography copywriting seo marketing advertising social community forum wiki intranet helpdesk support
  survey feedback voting`.split(/\s+/);
const KINDS = `build setup redesign audit integration migration upgrade refresh launch rescue review rewrite
  prototype mvp maintenance optimisation consulting training workshop sprint`.split(/\s+/);
const TAGS =
  `react vue angular svelte nextjs nuxt node python django flask rails laravel php java kotlin swift
  flutter reactnative go rust dotnet typescript graphql rest postgres mysql mongodb redis elasticsearch aws
  azure gcp terraform ansible docker kubernetes linux figma sketch webflow wordpress shopify woocommerce
  stripe paypal seo sem analytics ux ui design copy content video branding testing devops security ml ai
  data`.split(/\s+/);

/** The searches a buyer makes on /services/browse (page size 50). */
export const SEARCHES = [
  { name: 'a term', body: { search_term: 'dashboard' } },
  {
    name: 'a term plus filters',
    body: { search_term: 'mobile', max_price: 2000, max_duration: 30, tags: ['react'] },
  },
  { name: 'tags only', body: { tags: ['seo', 'flutter'] } },
  { name: 'a typo in a title word', body: { search_term: 'dashbord' } },
];

/**
 * Brings the benchmark's packages up to `count` (the list and detail comparisons run on 10,000 first,
 * the searches on all of them later): package g is the same whichever call inserts it.
 */
export async function seedPackages(databaseUrl, count = SEARCH_PACKAGE_COUNT) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = Date.now();
    const {
      rows: [existing],
    } = await client.query(
      `select count(*)::int as packages from service_packages
        where team_id in (select id from teams where name like 'Bench Team %')`,
    );
    if (existing.packages === 0) {
      const {
        rows: [admin],
      } = await client.query(
        `insert into users (username, email, password_hash, role, email_verified, is_verified)
         values ('bench_package_admin', 'bench_package_admin@example.com', 'not-a-usable-hash', 'TEAM_ADMIN', true, true)
         returning id`,
      );
      await client.query(
        `insert into teams (name, description, admin_id, max_members, member_count, is_active)
         select 'Bench Team ' || g, 'A team of the search benchmark.', $1, 10, 3, true from generate_series(1, $2) g`,
        [admin.id, TEAM_COUNT],
      );
    }
    // Index entries one row at a time were most of the load (a million packages in 11 minutes on the
    // busy 2-core machine): the GIN indexes spill their pending lists again and again, and each of the
    // 24 search keys of a package lands somewhere else in a B-tree larger than shared_buffers. So the
    // load drops the secondary indexes of the three tables and builds them again from their own
    // definitions afterwards, in one transaction (a load that fails leaves them as they were). The
    // triggers still write the search keys and title words, as for any package.
    const large = count - existing.packages > REBUILD_INDEXES_ABOVE;
    await client.query('begin');
    const { rows: indexes } = large
      ? await client.query(
          `select index.indexrelid::regclass::text as name, pg_get_indexdef(index.indexrelid) as definition
             from pg_index as index
            where index.indrelid in ('service_packages'::regclass, 'service_package_search_keys'::regclass,
                                     'service_package_title_words'::regclass)
              and not index.indisprimary and not index.indisunique`,
        )
      : { rows: [] };
    for (const index of indexes) await client.query(`drop index ${index.name}`);
    // One package in ten stays a draft, so the published filter has something to leave out. The
    // multipliers are primes, so the subjects, kinds and tags of a package vary independently. In
    // batches: the search-key triggers see each statement's new rows as one transition table, and a
    // million rows at once would hold it, and the keys' sort, in memory and temporary files.
    for (let first = existing.packages + 1; first <= count; first += SEED_BATCH) {
      await client.query(
        `with bench_teams as (select array_agg(id order by id) as ids from teams where name like 'Bench Team %'),
              lists as (select $1::text[] as s, $2::text[] as k, $3::text[] as t)
         insert into service_packages (team_id, title, description, price_cents, duration_days, tags, status, created_at, updated_at)
         select ids[1 + g % array_length(ids, 1)],
                initcap(s[1 + g % cardinality(s)]) || ' ' || k[1 + (g * 7) % cardinality(k)] || ' ' || g,
                'We deliver ' || s[1 + (g * 13) % cardinality(s)] || ' and ' || s[1 + (g * 31) % cardinality(s)]
                  || ' work for growing companies, with a clear plan, weekly demos and care for the details.',
                10000 + (g * 37) % 500000,
                1 + g % 90,
                t[1 + (g * 3) % cardinality(t)] || ',' || t[1 + (g * 11) % cardinality(t)] || ',' || t[1 + (g * 17) % cardinality(t)],
                (case when g % 10 = 0 then 'draft' else 'published' end)::package_status,
                now() - make_interval(mins => g),
                now() - make_interval(mins => g)
           from generate_series($4::int, $5::int) g, bench_teams, lists`,
        [SUBJECTS, KINDS, TAGS, first, Math.min(count, first + SEED_BATCH - 1)],
      );
    }
    // A session setting, for the sorts of the index builds: the server's configuration is not touched.
    await client.query(`set maintenance_work_mem = '512MB'`);
    for (const index of indexes) await client.query(index.definition);
    await client.query('commit');
    // A bulk insert leaves the new entries of the GIN indexes in their pending lists, which every
    // search then reads in full, and the search keys' pages not yet marked all-visible, so that
    // index-only scans visit the table after all; autovacuum does both soon after in a live database
    // (it vacuums a table after inserts too).
    await client.query('vacuum analyze service_packages');
    await client.query('vacuum analyze service_package_search_keys');
    await client.query('vacuum analyze service_package_title_words');
    await client.query('analyze teams');
    // The load writes close to a gigabyte of WAL; without this, the checkpoint it sets off would still be
    // writing its pages out, spread over minutes, while the searches are measured.
    await client.query('checkpoint');
    return { seconds: Math.round((Date.now() - started) / 100) / 10, inserted: count - existing.packages };
  } finally {
    await client.end();
  }
}

function load(url, request, seconds, connections) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        ...(request.body && {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(request.body),
        }),
        connections,
        duration: seconds,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/**
 * What /services/browse asks first, with no search term: the published list, newest first, its first
 * page of PACKAGE_BROWSE_PAGE_SIZE (apps/web: browsePackagesQueryOptions sends an unfiltered browse to
 * GET /api/service-packages).
 */
const BROWSE_FIRST = {
  name: 'GET /api/service-packages?skip=0&limit=50 (the browse page first, no term, newest first)',
  path: '/api/service-packages?skip=0&limit=50',
};

/** CPU ticks used so far by these processes together; one that has gone counts nothing. */
async function ticksOf(pids) {
  const ticks = await Promise.all(pids.map((pid) => processCpuTicks(pid).catch(() => 0)));
  return ticks.reduce((sum, value) => sum + value, 0);
}

/**
 * p50 and p99 of each search and of the browse page's first request, after a warm-up that is thrown
 * away, with the CPU time per request of the API process and of its PostgreSQL backends over the
 * measured window (steadier than the latency on a busy machine: it leaves out the waiting). The first
 * answer of each is timed on its own: it counts the total, which later requests reuse while the
 * catalogue does not change (decision 0045).
 */
export async function measureSearches(apiUrl, { seconds, connections, apiPid, databaseUrl }) {
  const count = SEARCH_PACKAGE_COUNT.toLocaleString('en');
  const requests = [
    ...SEARCHES.map((search) => ({
      name: `POST /api/service-packages/search, ${search.name}, ${count} packages, ${connections} connections`,
      path: '/api/service-packages/search?skip=0&limit=50',
      body: search.body,
    })),
    { ...BROWSE_FIRST, name: `${BROWSE_FIRST.name}, ${count} packages, ${connections} connections` },
  ];
  const figures = [];
  for (const request of requests) {
    const url = `${apiUrl}${request.path}`;
    const started = performance.now();
    const check = await fetch(
      url,
      request.body
        ? {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(request.body),
          }
        : {},
    );
    const answer = await check.json();
    const firstAnswerMs = Math.round((performance.now() - started) * 10) / 10;
    if (!check.ok) throw new Error(`"${request.name}" answered ${check.status}: ${JSON.stringify(answer)}`);
    await load(url, request, WARM_UP_SECONDS, connections);
    const backends = await databaseBackends(databaseUrl);
    const before = { api: await processCpuTicks(apiPid), database: await ticksOf(backends) };
    const result = await load(url, request, seconds, connections);
    const perRequest = (ticks) =>
      Math.round(cpuMicrosecondsPerRequest(ticks, result.requests.total) / 10) / 100;
    const apiCpuMs = perRequest((await processCpuTicks(apiPid)) - before.api);
    const databaseCpuMs = perRequest((await ticksOf(backends)) - before.database);
    figures.push({
      name: request.name,
      matches: answer.total,
      first_answer_ms: firstAnswerMs,
      requests_per_second: Math.round(result.requests.average),
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      errors: result.errors + result.non2xx,
      api_cpu_ms_per_request: apiCpuMs,
      database_cpu_ms_per_request: databaseCpuMs,
    });
  }
  return figures;
}

/**
 * The space the search takes: each table with its indexes, and each index on its own, in MB
 * (pg_relation_size, pg_indexes_size).
 */
export async function searchStorage(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select c.relname as name, c.relkind as kind, t.relname as of_table,
              pg_relation_size(c.oid) as bytes,
              case when c.relkind = 'r' then pg_indexes_size(c.oid) end as index_bytes
         from pg_class c
         left join pg_index i on i.indexrelid = c.oid
         left join pg_class t on t.oid = i.indrelid
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'i')
          and coalesce(t.relname, c.relname) in
            ('service_packages', 'service_package_search_keys', 'service_package_title_words')
        order by coalesce(t.relname, c.relname), c.relkind desc, c.relname`,
    );
    const megabytes = (bytes) => Math.round(Number(bytes) / 2 ** 20);
    return rows.map((row) =>
      row.kind === 'r'
        ? { name: `table ${row.name}`, mb: megabytes(row.bytes), indexes_mb: megabytes(row.index_bytes) }
        : { name: `index ${row.name} (on ${row.of_table})`, mb: megabytes(row.bytes) },
    );
  } finally {
    await client.end();
  }
}

/**
 * The search part of `npm run bench`: seeds up to SEARCH_PACKAGE_COUNT packages, measures, and says
 * what the search takes on disk. Figures as `{ name, value, unit, target, ...details }`, target
 * `[operator, limit]` or null (reported only).
 */
export async function searchFigures(databaseUrl, apiUrl, { seconds, connections, apiPid }) {
  const seeded = await seedPackages(databaseUrl);
  const count = SEARCH_PACKAGE_COUNT.toLocaleString('en');
  const measured = await measureSearches(apiUrl, { seconds, connections, apiPid, databaseUrl });
  const storage = await searchStorage(databaseUrl);
  return [
    {
      name: `Seeding ${count} packages (rows, search keys, title words, then vacuum analyze)`,
      value: seeded.seconds,
      unit: 's',
      target: null,
      inserted: seeded.inserted,
    },
    ...measured.map(({ name, p99_ms: p99, ...details }) => ({
      name: `${name}: p99`,
      value: p99,
      unit: 'ms',
      target: ['<=', 25],
      ...details,
      note:
        `p50 ${details.p50_ms} ms, ${details.requests_per_second} requests/s, ${details.matches} matches;` +
        ` CPU per request: API ${details.api_cpu_ms_per_request} ms, PostgreSQL ${details.database_cpu_ms_per_request} ms;` +
        ` first answer (total counted) ${details.first_answer_ms} ms`,
    })),
    ...storage.map(({ name, mb, ...details }) => ({
      name: `Size at ${count} packages: ${name}`,
      value: mb,
      unit: 'MB',
      target: null,
      ...details,
      ...(details.indexes_mb !== undefined && { note: `its indexes: ${details.indexes_mb} MB in all` }),
    })),
  ];
}
