-- The new index first, so that a running catalogue is never without one for its searches.
CREATE INDEX "service_packages_search_tags_idx" ON "service_packages" USING gin ("search_vector",string_to_array(lower("tags"), ','));--> statement-breakpoint
DROP INDEX "service_packages_search_idx";--> statement-breakpoint
DROP INDEX "service_packages_tags_idx";
