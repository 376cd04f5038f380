CREATE TYPE "public"."package_search_key_kind" AS ENUM('lexeme', 'tag', 'title_word');--> statement-breakpoint
CREATE TABLE "service_package_search_keys" (
	"kind" "package_search_key_kind" NOT NULL,
	"key" text NOT NULL,
	"package_id" integer NOT NULL,
	"rank" real NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_package_title_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "service_package_search_keys_order_idx" ON "service_package_search_keys" USING btree ("kind","key","rank" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"package_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_package_search_keys_package_idx" ON "service_package_search_keys" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "service_package_title_words_trigram_idx" ON "service_package_title_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The words of a title as the typo-tolerant match compares them: lower case, split at spaces, so that
-- 'E-commerce' stays one word ('ecomerce' is close to 'e-commerce', not to 'commerce').
CREATE FUNCTION "service_package_title_words_of"(title text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT DISTINCT word FROM regexp_split_to_table(lower(title), '\s+') AS word WHERE word <> '' $$;--> statement-breakpoint
-- Every key of one package. A lexeme's rank is ts_rank(search_vector, that lexeme as a query), the very
-- value a one-word search computes: the tsquery literal quotes the lexeme ('' and \\ escaped).
CREATE FUNCTION "service_package_search_keys_of"(search_vector tsvector, tags text, title text)
  RETURNS TABLE (kind package_search_key_kind, key text, rank real)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT 'lexeme'::package_search_key_kind, entry.lexeme,
           ts_rank(search_vector, ('''' || replace(replace(entry.lexeme, '\', '\\'), '''', '''''') || '''')::tsquery)
      FROM unnest(search_vector) AS entry
    UNION ALL
    SELECT DISTINCT 'tag'::package_search_key_kind, tag, 0::real
      FROM unnest(string_to_array(lower(tags), ',')) AS tag
    UNION ALL
    SELECT 'title_word'::package_search_key_kind, word, 0::real
      FROM service_package_title_words_of(title) AS word
  $$;--> statement-breakpoint
CREATE FUNCTION "service_packages_search_keys_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO service_package_search_keys (kind, key, package_id, rank, created_at)
  SELECT found.kind, found.key, package.id, found.rank, package.created_at
    FROM new_packages AS package
   CROSS JOIN LATERAL service_package_search_keys_of(package.search_vector, package.tags, package.title) AS found
   WHERE package.status = 'published';
  INSERT INTO service_package_title_words (word)
  SELECT DISTINCT word FROM new_packages AS package
   CROSS JOIN LATERAL service_package_title_words_of(package.title) AS word
   WHERE package.status = 'published'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only packages whose keys can differ are rewritten: a change of updated_at alone keeps them.
CREATE FUNCTION "service_packages_search_keys_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM service_package_search_keys AS search_key
   USING old_packages AS previous, new_packages AS package
   WHERE search_key.package_id = previous.id AND package.id = previous.id
     AND (package.status, package.search_vector, package.title, package.tags, package.created_at)
         IS DISTINCT FROM (previous.status, previous.search_vector, previous.title, previous.tags, previous.created_at);
  INSERT INTO service_package_search_keys (kind, key, package_id, rank, created_at)
  SELECT found.kind, found.key, package.id, found.rank, package.created_at
    FROM new_packages AS package
    JOIN old_packages AS previous ON previous.id = package.id
   CROSS JOIN LATERAL service_package_search_keys_of(package.search_vector, package.tags, package.title) AS found
   WHERE package.status = 'published'
     AND (package.status, package.search_vector, package.title, package.tags, package.created_at)
         IS DISTINCT FROM (previous.status, previous.search_vector, previous.title, previous.tags, previous.created_at);
  INSERT INTO service_package_title_words (word)
  SELECT DISTINCT word FROM new_packages AS package
    JOIN old_packages AS previous ON previous.id = package.id
   CROSS JOIN LATERAL service_package_title_words_of(package.title) AS word
   WHERE package.status = 'published' AND (package.status, package.title) IS DISTINCT FROM (previous.status, previous.title)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "service_packages_search_keys_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM service_package_search_keys AS search_key USING old_packages AS previous
   WHERE search_key.package_id = previous.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "service_packages_search_keys_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE service_package_search_keys;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "service_packages_search_keys_insert" AFTER INSERT ON "service_packages"
  REFERENCING NEW TABLE AS new_packages FOR EACH STATEMENT EXECUTE FUNCTION service_packages_search_keys_inserted();--> statement-breakpoint
CREATE TRIGGER "service_packages_search_keys_update" AFTER UPDATE ON "service_packages"
  REFERENCING OLD TABLE AS old_packages NEW TABLE AS new_packages FOR EACH STATEMENT EXECUTE FUNCTION service_packages_search_keys_updated();--> statement-breakpoint
CREATE TRIGGER "service_packages_search_keys_delete" AFTER DELETE ON "service_packages"
  REFERENCING OLD TABLE AS old_packages FOR EACH STATEMENT EXECUTE FUNCTION service_packages_search_keys_deleted();--> statement-breakpoint
CREATE TRIGGER "service_packages_search_keys_truncate" AFTER TRUNCATE ON "service_packages"
  FOR EACH STATEMENT EXECUTE FUNCTION service_packages_search_keys_truncated();--> statement-breakpoint
-- The title words within trigram word similarity 0.4 of the term. The pg_trgm extension's default
-- threshold (0.6) misses ordinary typos in hyphenated words: 'ecomerce' against 'e-commerce' scores 0.45.
-- The threshold is set for this function's run only, so a search needs no transaction of its own.
CREATE FUNCTION "service_package_close_title_words"(term text) RETURNS TABLE (word text, similarity real)
  LANGUAGE sql STABLE STRICT PARALLEL SAFE ROWS 5
  SET pg_trgm.word_similarity_threshold = 0.4
  AS $$ SELECT known.word, word_similarity(term, known.word) FROM service_package_title_words AS known WHERE term <% known.word $$;--> statement-breakpoint
INSERT INTO "service_package_search_keys" (kind, key, package_id, rank, created_at)
SELECT found.kind, found.key, package.id, found.rank, package.created_at
  FROM "service_packages" AS package
 CROSS JOIN LATERAL service_package_search_keys_of(package.search_vector, package.tags, package.title) AS found
 WHERE package.status = 'published';--> statement-breakpoint
INSERT INTO "service_package_title_words" (word)
SELECT DISTINCT word FROM "service_packages" AS package
 CROSS JOIN LATERAL service_package_title_words_of(package.title) AS word
 WHERE package.status = 'published'
ON CONFLICT DO NOTHING;
