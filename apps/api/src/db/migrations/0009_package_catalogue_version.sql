CREATE TABLE "service_package_catalogue_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "service_package_catalogue_version_one_row" CHECK ("service_package_catalogue_version"."id" = 1)
);
--> statement-breakpoint
-- Decision 0045: every statement that changes packages gives the catalogue a new version. A sequence,
-- not version + 1: a value seen by a transaction that rolls back is never handed out again.
CREATE SEQUENCE "service_package_catalogue_version_seq";--> statement-breakpoint
INSERT INTO "service_package_catalogue_version" ("id", "version") VALUES (1, nextval('service_package_catalogue_version_seq'));--> statement-breakpoint
CREATE FUNCTION "service_packages_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE service_package_catalogue_version SET version = nextval('service_package_catalogue_version_seq') WHERE id = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "service_packages_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_packages"
  FOR EACH STATEMENT EXECUTE FUNCTION "service_packages_catalogue_changed"();
