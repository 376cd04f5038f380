-- pg_trgm is a trusted extension: the database owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "service_packages" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', replace(coalesce(tags, ''), ',', ' ')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "service_packages_search_idx" ON "service_packages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "service_packages_title_trigram_idx" ON "service_packages" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_packages_price_idx" ON "service_packages" USING btree ("status","price_cents");