import { desc, sql, type SQL } from 'drizzle-orm';
import type { PackageSort } from '@teamhire/shared';
import type { DatabaseOrTransaction } from '../../db/database';
import { servicePackages } from '../../db/schema/index';
import { preparedPackageQuery, published, selectPackages, type PackagePage } from './packages.repository';

// The search engine of the published packages: the browse and search statements, the known totals
// and pages that spare recounting and re-ranking, and the relevance ranking. The package rows, how
// they are read and mapped, and the package CRUD live in packages.repository.ts.

/**
 * Decision 0045: a total is counted again only when the catalogue changed since it was last counted.
 * Every statement that changes packages gives the catalogue a new version (a trigger, migration 0009);
 * the caller passes the version and total it knows, and the count, a scalar subquery that PostgreSQL
 * runs only when its value is needed, is skipped when that version is still the current one.
 */
const catalogueVersion = sql`(select version from service_package_catalogue_version where id = 1)`;
const reusableTotal = (count: SQL) =>
  sql`case when ${catalogueVersion} = ${sql.placeholder('knownVersion')}::bigint
    then ${sql.placeholder('knownTotal')}::bigint else ${count} end`;

interface KnownTotal {
  version: number;
  total: number;
}
/** The totals of the latest criteria, per database handle (each has its own catalogue versions). */
const KNOWN_TOTALS_KEPT = 1000;
const knownTotals = new WeakMap<DatabaseOrTransaction, Map<string, KnownTotal>>();

/** What the statement is told it knows: a version no catalogue has (-1) when nothing is known. */
function knownValues(db: DatabaseOrTransaction, key: string | undefined) {
  const known = key === undefined ? undefined : knownTotals.get(db)?.get(key);
  return { knownVersion: known?.version ?? -1, knownTotal: known?.total ?? 0 };
}

/** Keeps `value` as the latest under `key`, the oldest going first past KNOWN_TOTALS_KEPT. */
function keepLatest<Value>(
  memory: WeakMap<DatabaseOrTransaction, Map<string, Value>>,
  db: DatabaseOrTransaction,
  key: string,
  value: Value,
): void {
  let values = memory.get(db);
  if (!values) {
    values = new Map();
    memory.set(db, values);
  }
  values.delete(key);
  values.set(key, value);
  if (values.size > KNOWN_TOTALS_KEPT) values.delete(values.keys().next().value!);
}

function rememberTotal(db: DatabaseOrTransaction, key: string | undefined, page: PackagePage): void {
  if (key === undefined || page.version === undefined || page.total === undefined) return;
  keepLatest(knownTotals, db, key, { version: page.version, total: page.total });
}

/**
 * Decision 0070: a page of a search in relevance order, as the ids in their order, with the catalogue
 * version it was found at and its total. Which packages a page holds, and in which order, depends only
 * on the packages (and the title words and search keys their triggers keep), like the total: while the
 * version stands, the statement reads the known ids' rows instead of searching again. The rows
 * themselves (and the team, reviews and gallery beside them) are always read as they are now.
 */
interface KnownPage {
  version: number;
  ids: number[];
  total: number;
}
const knownPages = new WeakMap<DatabaseOrTransaction, Map<string, KnownPage>>();

/** What the statement is told of the page: a version no catalogue has (-1) when nothing is known. */
function knownPageValues(db: DatabaseOrTransaction, key: string | undefined) {
  const known = key === undefined ? undefined : knownPages.get(db)?.get(key);
  return { pageVersion: known?.version ?? -1, pageIds: known?.ids ?? [], pageTotal: known?.total ?? 0 };
}

function rememberPage(db: DatabaseOrTransaction, key: string | undefined, page: PackagePage): void {
  // A page without rows carries no total (withTotal asks again): it is searched each time.
  if (key === undefined || page.version === undefined || page.total === undefined) return;
  if (page.items.length === 0) return;
  keepLatest(knownPages, db, key, {
    version: page.version,
    ids: page.items.map((item) => item.package.id),
    total: page.total,
  });
}

/**
 * The total comes with the page in the same statement (a scalar subquery, run once). A page past the
 * end has no row to carry it: then the same statement is asked for one row from the start.
 */
const publishedList = preparedPackageQuery('package_list', (db) =>
  selectPackages(db, {
    total: reusableTotal(sql`(select count(*) from service_packages where status = 'published')`),
    version: catalogueVersion,
  })
    .where(published)
    .orderBy(desc(servicePackages.createdAt), desc(servicePackages.id))
    .offset(sql.placeholder('skip'))
    .limit(sql.placeholder('limit')),
);

export async function listPublished(db: DatabaseOrTransaction, window: { skip: number; limit: number }) {
  const key = 'package_list';
  const page = await publishedList(db).execute({ ...window, ...knownValues(db, key) });
  const answer = await withTotal(page, () =>
    publishedList(db).execute({ skip: 0, limit: 1, ...knownValues(db, key) }),
  );
  rememberTotal(db, key, answer);
  return { items: answer.items, total: answer.total ?? 0 };
}

/** The page with its total; past the end, where no row carries it, the total asked for again. */
async function withTotal(page: PackagePage, fromTheStart: () => Promise<PackagePage>): Promise<PackagePage> {
  if (page.total !== undefined) return page;
  const first = await fromTheStart();
  return { items: page.items, total: first.total ?? 0, version: first.version };
}

export interface SearchFilters {
  term?: string;
  tags?: string[];
  minPriceCents?: number;
  maxPriceCents?: number;
  maxDuration?: number;
  teamName?: string;
  categoryId?: number;
  /** Relevance without a term is the newest first. */
  sort?: PackageSort;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * Which parts a search has. Each combination is its own prepared statement, whose SQL has only the
 * conditions it needs (so PostgreSQL plans each well); the values always come as parameters.
 */
interface SearchShape {
  term: boolean;
  tags: 'none' | 'one' | 'several';
  minPrice: boolean;
  maxPrice: boolean;
  maxDuration: boolean;
  teamName: boolean;
  category: boolean;
  /** Never 'relevance' without a term: that is 'newest'. */
  sort: PackageSort;
}

interface SearchValues {
  term: string;
  tags: string[];
  minPriceCents: number;
  maxPriceCents: number;
  maxDuration: number;
  teamPattern: string;
  categoryId: number;
  skip: number;
  limit: number;
  /** skip + limit: how many of each ranked part can reach the page. */
  window: number;
  knownVersion: number;
  knownTotal: number;
  pageVersion: number;
  pageIds: number[];
  pageTotal: number;
}

const placeholder = (name: keyof SearchValues) => sql.placeholder(name);

/** The filters on a package row aliased `p`, or undefined without any. */
function filterConditions(shape: SearchShape): SQL | undefined {
  const conditions = [
    // Any of the tags: array overlap, which the GIN index on the same expression answers.
    shape.tags !== 'none'
      ? sql`string_to_array(lower(p.tags), ',') && ${placeholder('tags')}::text[]`
      : undefined,
    shape.minPrice ? sql`p.price_cents >= ${placeholder('minPriceCents')}` : undefined,
    shape.maxPrice ? sql`p.price_cents <= ${placeholder('maxPriceCents')}` : undefined,
    shape.maxDuration ? sql`p.duration_days <= ${placeholder('maxDuration')}` : undefined,
    shape.teamName
      ? sql`p.team_id in (select teams.id from teams where teams.name ilike ${placeholder('teamPattern')})`
      : undefined,
    shape.category
      ? sql`p.team_id in (select teams.id from teams where teams.service_category_id = ${placeholder('categoryId')})`
      : undefined,
  ].filter((condition) => condition !== undefined);
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;
}

const andFilters = (filters: SQL | undefined) => (filters ? sql` and ${filters}` : sql``);

/** The term's query, its lexeme, and the close title words, shared by every order of a term search. */
function termParts(shape: SearchShape) {
  const filters = filterConditions(shape);
  // The lexeme of a one-lexeme query: its text is the lexeme quoted, with ' and \ doubled. `monotone`
  // (no negation): then a title word that matches the query by itself makes every package with that
  // word a full-text match, so the word can bring no close-only match.
  const query = sql`query as materialized (
    select q,
      case when numnode(q) = 1
        then replace(replace(substr(q::text, 2, length(q::text) - 2), '''''', ''''), '\\\\', '\\') end as lexeme,
      strpos(q::text, '!') = 0 as monotone
    from websearch_to_tsquery('english', ${placeholder('term')}) as q
  )`;
  const lexeme = sql`(select lexeme from query)`;
  const tsquery = sql`(select q from query)`;
  const lexemeKeys = sql`service_package_search_keys where kind = 'lexeme' and key = ${lexeme}`;
  // A package found through a close title word counts only when it is not a full-text match (one
  // lexeme: not among its keys; otherwise its row says so) and passes the filters.
  const closeOnly = (
    id: SQL,
  ) => sql`(${lexeme} is not null and ${id} not in (select package_id from ${lexemeKeys})
      or ${lexeme} is null
        and not exists (select from service_packages as f where f.id = ${id} and f.search_vector @@ ${tsquery}))
    ${filters ? sql`and exists (select from service_packages as p where p.id = ${id} and ${filters})` : sql``}`;
  const close = sql`close_words as materialized (
    select close.word, close.similarity
    from service_package_close_title_words(${placeholder('term')}) as close, query
    where not (query.monotone and to_tsvector('english', close.word) @@ query.q)
  )`;
  return { query, lexeme, tsquery, lexemeKeys, closeOnly, close };
}

/**
 * A page bound that PostgreSQL plans as unknown in every plan of the statement (decision 0070). With
 * `limit $n`, a custom plan sees the bound (50) and a generic one guesses a tenth of the rows, so
 * the generic plan's estimated cost stays above the custom one's and PostgreSQL plans the statement
 * again on every execution: about 1 ms of a term search's 2 ms in the backend at a million packages.
 * A scalar sub-select is guessed the same way in both (one init plan, evaluated once per execution),
 * so the generic plan, of the same shape, is kept after the first five executions.
 */
const opaque = (name: 'window' | 'skip' | 'limit') => sql`(select ${placeholder(name)}::bigint)`;

/**
 * The page of a search with a term, as rows (id, tier, score, created_at, total): full-text matches are
 * tier 1, scored by rank; close title matches tier 0, scored by similarity, so a typo still finds
 * the package. How it stays fast at 100k packages: docs/decisions/0043-package-search-speed.md.
 *
 * Full-text matches (websearch syntax over title, tags and description, weighted A, B, C) come first
 * by ts_rank, which for a word counts an occurrence in the title above any number in the tags and
 * those above any number in the description; then the packages that only have a title word close to
 * the term (trigram word similarity at least 0.4: typos and partial words), by that similarity. Ties:
 * newest first. A one-word query without filters is counted and ranked from the search keys' index
 * alone; otherwise the GIN index finds the rows (the filters narrow them first) and they are ranked.
 */
function termPage(shape: SearchShape): SQL {
  const filters = filterConditions(shape);
  const { query, lexeme, tsquery, lexemeKeys, closeOnly, close } = termParts(shape);
  const closeCount = sql`(select count(distinct search_key.package_id)
    from close_words
    join service_package_search_keys as search_key
      on search_key.kind = 'title_word' and search_key.key = close_words.word
    where ${closeOnly(sql`search_key.package_id`)})`;
  // The page needs only each close word's newest `window` packages: a package left out of its best
  // word's window has that many newer ones with at least its similarity ahead of it.
  const closePart = sql`(select newest.id, 0 as tier, max(newest.similarity) as score, newest.created_at from close_words
    cross join lateral (
      select search_key.package_id as id, close_words.similarity, search_key.created_at
      from service_package_search_keys as search_key
      where search_key.kind = 'title_word' and search_key.key = close_words.word
        and ${closeOnly(sql`search_key.package_id`)}
      order by search_key.rank desc, search_key.created_at desc, search_key.package_id desc
      limit ${opaque('window')}
    ) as newest
    group by newest.id, newest.created_at
    order by score desc, newest.created_at desc, newest.id desc limit ${opaque('window')})`;
  const pageOrder = sql`order by tier desc, score desc, created_at desc, id desc
    offset ${opaque('skip')} limit ${opaque('limit')}`;

  if (filters) {
    return sql`with ${query},
    full_text as materialized (
      select p.id, ts_rank(p.search_vector, ${tsquery}) as rank, p.created_at from service_packages as p
      where p.status = 'published' and p.search_vector @@ ${tsquery} and ${filters}
    ),
    ${close},
    page as (
      (select id, 1 as tier, rank as score, created_at from full_text
        order by rank desc, created_at desc, id desc limit ${opaque('window')})
      union all ${closePart}
      ${pageOrder}
    )
    select id, tier, score, created_at,
      ${reusableTotal(sql`(select count(*) from full_text) + ${closeCount}`)} as total
    from page`;
  }
  return sql`with ${query},
  full_text_rows as materialized (
    select p.id, ts_rank(p.search_vector, ${tsquery}) as rank, p.created_at from service_packages as p
    where ${lexeme} is null and p.status = 'published' and p.search_vector @@ ${tsquery}
  ),
  ${close},
  page as (
    (select package_id as id, 1 as tier, rank as score, created_at from ${lexemeKeys}
      order by rank desc, created_at desc, package_id desc limit ${opaque('window')})
    union all
    (select id, 1, rank, created_at from full_text_rows
      order by rank desc, created_at desc, id desc limit ${opaque('window')})
    union all ${closePart}
    ${pageOrder}
  )
  select id, tier, score, created_at,
    ${reusableTotal(sql`(select count(*) from ${lexemeKeys}) + (select count(*) from full_text_rows) + ${closeCount}`)} as total
  from page`;
}

/** The columns a page outside relevance is ordered by, in the page (`p`, `r`) and around it. */
const SORT_ORDER: Record<Exclude<PackageSort, 'relevance'>, { page: SQL; outer: SQL }> = {
  newest: {
    page: sql`p.created_at desc, p.id desc`,
    outer: sql`${servicePackages.createdAt} desc, ${servicePackages.id} desc`,
  },
  price_asc: {
    page: sql`p.price_cents asc, p.id asc`,
    outer: sql`${servicePackages.priceCents} asc, ${servicePackages.id} asc`,
  },
  price_desc: {
    page: sql`p.price_cents desc, p.id desc`,
    outer: sql`${servicePackages.priceCents} desc, ${servicePackages.id} desc`,
  },
  // Unreviewed packages last; among equal averages, more reviews first.
  rating: {
    page: sql`r.rating desc nulls last, r.reviews desc nulls last, p.id desc`,
    outer: sql`page.rating desc nulls last, page.reviews desc nulls last, page.id desc`,
  },
};

/** Each package's average review and review count, joined as `r` for the rating order. */
const ratingJoin = sql`left join (
    select service_package_id, avg(rating) as rating, count(*) as reviews from reviews group by service_package_id
  ) as r on r.service_package_id = p.id`;

/**
 * The page of packages `p` among `from … where …`, in a sort other than relevance, with the total.
 * `with` holds the common table expressions the condition needs.
 */
function sortedPage(
  sort: Exclude<PackageSort, 'relevance'>,
  parts: { with?: SQL; from: SQL; where: SQL; total: SQL },
): SQL {
  const rating = sort === 'rating';
  return sql`${parts.with ? sql`with ${parts.with} ` : sql``}select p.id${rating ? sql`, r.rating, r.reviews` : sql``},
    ${reusableTotal(parts.total)} as total
  from ${parts.from}${rating ? sql` ${ratingJoin}` : sql``}
  where ${parts.where}
  order by ${SORT_ORDER[sort].page} offset ${placeholder('skip')} limit ${placeholder('limit')}`;
}

/**
 * A term's matches in another order than relevance: the same packages as termPage (full-text matches,
 * then those with only a close title word), each once, so the total is the same in every order.
 */
function sortedTermPage(shape: SearchShape & { sort: Exclude<PackageSort, 'relevance'> }): SQL {
  const filters = filterConditions(shape);
  const { query, tsquery, closeOnly, close } = termParts(shape);
  return sortedPage(shape.sort, {
    with: sql`${query}, ${close},
    matches as materialized (
      select p.id, p.created_at, p.price_cents from service_packages as p
      where p.status = 'published' and p.search_vector @@ ${tsquery}${andFilters(filters)}
      union
      select p.id, p.created_at, p.price_cents from close_words
      join service_package_search_keys as search_key
        on search_key.kind = 'title_word' and search_key.key = close_words.word
      join service_packages as p on p.id = search_key.package_id
      where ${closeOnly(sql`search_key.package_id`)}
    )`,
    // The matches carry the columns of every order, taken from the rows the full-text scan reads anyway:
    // looking each match up again by id to sort them cost more than the scan (28,000 matches for
    // 'dashboard' at a million packages).
    from: sql`matches as p`,
    where: sql`true`,
    total: sql`(select count(*) from matches)`,
  });
}

/**
 * Without a term, in price or rating order: the rows (the price index reads them in order). By rating,
 * the reviewed packages (few) are ranked, and the first `window` unreviewed ones are read backwards
 * along the primary key, instead of joining every package to its reviews and sorting them all.
 */
function sortedRowsPage(shape: SearchShape & { sort: Exclude<PackageSort, 'relevance'> }): SQL {
  const filters = filterConditions(shape);
  const where = sql`p.status = 'published'${andFilters(filters)}`;
  const total = sql`(select count(*) from service_packages as p where ${where})`;
  if (shape.sort !== 'rating') {
    return sortedPage(shape.sort, { from: sql`service_packages as p`, where, total });
  }
  return sql`select ranked.id, ranked.rating, ranked.reviews, ${reusableTotal(total)} as total from (
    (select p.id, r.rating, r.reviews from service_packages as p
      join (select service_package_id, avg(rating) as rating, count(*) as reviews from reviews group by service_package_id) as r
        on r.service_package_id = p.id
      where ${where}
      order by r.rating desc, r.reviews desc, p.id desc limit ${placeholder('window')})
    union all
    (select p.id, null, null from service_packages as p
      where ${where} and not exists (select from reviews where reviews.service_package_id = p.id)
      order by p.id desc limit ${placeholder('window')})
  ) as ranked
  order by ranked.rating desc nulls last, ranked.reviews desc nulls last, ranked.id desc
  offset ${placeholder('skip')} limit ${placeholder('limit')}`;
}

/** Newest first. Tags alone are answered from the search keys; other filters from the rows. */
function newestPage(shape: SearchShape): SQL {
  const filters = filterConditions(shape);
  const tagsOnly =
    shape.tags !== 'none' && !shape.minPrice && !shape.maxPrice && !shape.maxDuration && !shape.teamName;
  if (tagsOnly) {
    const tagKeys = sql`service_package_search_keys where kind = 'tag' and key = any(${placeholder('tags')}::text[])`;
    // Each tag's newest `window` packages hold the page: merged, without repeats, then cut.
    return sql`select id, 0 as tier, 0::real as score, created_at,
      ${reusableTotal(sql`(select count(${shape.tags === 'several' ? sql`distinct package_id` : sql`*`}) from ${tagKeys})`)} as total
    from (
      select distinct tagged.package_id as id, tagged.created_at
      from unnest(${placeholder('tags')}::text[]) as tag
      cross join lateral (
        select package_id, created_at from service_package_search_keys
        where kind = 'tag' and key = tag
        order by rank desc, created_at desc, package_id desc limit ${placeholder('window')}
      ) as tagged
    ) as newest
    order by created_at desc, id desc offset ${placeholder('skip')} limit ${placeholder('limit')}`;
  }
  return sql`select p.id, 0 as tier, 0::real as score, p.created_at,
    ${reusableTotal(sql`(select count(*) from service_packages as p where p.status = 'published'${andFilters(filters)})`)} as total
  from service_packages as p
  where p.status = 'published'${andFilters(filters)}
  order by p.created_at desc, p.id desc offset ${placeholder('skip')} limit ${placeholder('limit')}`;
}

/**
 * A page in relevance order (rows id, tier, score, created_at, total) that is searched only when the
 * catalogue changed since the caller's known page (decision 0070): both branches test the version, an
 * init plan, so PostgreSQL runs exactly one of them (the other's one-time filter is false, and its
 * common table expressions are never read). The known ids come back in their order: one tier, each
 * scored below the one before. The ids' array is opaque for the same reason as the page bounds: a
 * custom plan would see its length.
 */
function reusablePage(page: SQL): SQL {
  return sql`select id, tier, score, created_at, total from (${page}) as searched
    where ${catalogueVersion} is distinct from ${placeholder('pageVersion')}::bigint
  union all
  select known.id, 0, (-known.position)::real, null::timestamptz, ${placeholder('pageTotal')}::bigint
    from unnest((select ${placeholder('pageIds')}::integer[])) with ordinality as known(id, position)
    where ${catalogueVersion} = ${placeholder('pageVersion')}::bigint`;
}

const shapeName = (shape: SearchShape) =>
  [
    'package_search',
    shape.term ? 'term' : 'newest',
    `tags_${shape.tags}`,
    shape.minPrice && 'min_price',
    shape.maxPrice && 'max_price',
    shape.maxDuration && 'max_duration',
    shape.teamName && 'team',
    shape.category && 'category',
    shape.sort !== 'relevance' && shape.sort !== 'newest' && `by_${shape.sort}`,
    shape.term && shape.sort === 'newest' && 'by_newest',
  ]
    .filter(Boolean)
    .join('_');

/** Relevance order: a term's, or newest first without one (tier, score, created_at, id). */
const inRelevanceOrder = (shape: SearchShape) =>
  shape.sort === 'relevance' || (shape.sort === 'newest' && !shape.term);

function searchStatement(shape: SearchShape) {
  const { sort } = shape;
  const relevance = inRelevanceOrder(shape);
  const page =
    sort === 'relevance'
      ? termPage(shape)
      : sort === 'newest' && !shape.term
        ? newestPage(shape)
        : shape.term
          ? sortedTermPage({ ...shape, sort })
          : sortedRowsPage({ ...shape, sort });
  return preparedPackageQuery(shapeName(shape), (db) =>
    selectPackages(db, { total: sql<number>`page.total`, version: catalogueVersion })
      .innerJoin(
        sql`(${relevance ? reusablePage(page) : page}) as page`,
        sql`page.id = ${servicePackages.id}`,
      )
      .orderBy(
        relevance
          ? sql`page.tier desc, page.score desc, page.created_at desc, page.id desc`
          : SORT_ORDER[sort as Exclude<PackageSort, 'relevance'>].outer,
      ),
  );
}

const searchStatements = new Map<string, ReturnType<typeof searchStatement>>();

function searchStatementFor(shape: SearchShape) {
  const name = shapeName(shape);
  let statement = searchStatements.get(name);
  if (!statement) {
    statement = searchStatement(shape);
    searchStatements.set(name, statement);
  }
  return statement;
}

/**
 * A term (full text, then close title words: see termPage) and filters over the
 * published packages: any of the tags, a price range, a maximum duration, a team name, the team's
 * category. By relevance (without a term, newest first), price, rating or newest, always ending with
 * the id so pages neither repeat nor skip. One statement brings the page and the total.
 */
export async function searchPublished(
  db: DatabaseOrTransaction,
  filters: SearchFilters,
  window: { skip: number; limit: number },
) {
  const tags = [...new Set((filters.tags ?? []).map((tag) => tag.toLowerCase()))];
  const shape: SearchShape = {
    term: Boolean(filters.term),
    tags: tags.length === 0 ? 'none' : tags.length === 1 ? 'one' : 'several',
    minPrice: filters.minPriceCents !== undefined,
    maxPrice: filters.maxPriceCents !== undefined,
    maxDuration: filters.maxDuration !== undefined,
    teamName: Boolean(filters.teamName),
    category: filters.categoryId !== undefined,
    sort:
      !filters.term && (filters.sort ?? 'relevance') === 'relevance'
        ? 'newest'
        : (filters.sort ?? 'relevance'),
  };
  const values = (skip: number, limit: number): Partial<SearchValues> => ({
    ...(shape.term && { term: filters.term }),
    ...(shape.tags !== 'none' && { tags }),
    ...(shape.minPrice && { minPriceCents: filters.minPriceCents }),
    ...(shape.maxPrice && { maxPriceCents: filters.maxPriceCents }),
    ...(shape.maxDuration && { maxDuration: filters.maxDuration }),
    ...(shape.teamName && { teamPattern: `%${escapeLike(filters.teamName ?? '')}%` }),
    ...(shape.category && { categoryId: filters.categoryId }),
    skip,
    limit,
    window: skip + limit,
  });
  // A team's name and category can change without a new catalogue version, so totals with a team name
  // or a category are counted every time; any other total depends only on the packages.
  const { skip: _skip, limit: _limit, window: _window, ...criteria } = values(0, 0);
  const key = shape.teamName || shape.category ? undefined : JSON.stringify([shapeName(shape), criteria]);
  // Pages are known in relevance order only (searchStatement), each page by its bounds.
  const pageKey = (skip: number, limit: number) =>
    key === undefined || !inRelevanceOrder(shape) ? undefined : JSON.stringify([key, skip, limit]);
  const statement = searchStatementFor(shape)(db);
  const run = async (skip: number, limit: number) => {
    const found = await statement.execute({
      ...values(skip, limit),
      ...knownValues(db, key),
      ...knownPageValues(db, pageKey(skip, limit)),
    });
    rememberPage(db, pageKey(skip, limit), found);
    return found;
  };
  const page = await run(window.skip, window.limit);
  const answer = await withTotal(page, () => run(0, 1));
  rememberTotal(db, key, answer);
  return { items: answer.items, total: answer.total ?? 0 };
}
