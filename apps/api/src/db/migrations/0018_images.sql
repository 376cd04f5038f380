CREATE TABLE "package_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_images_size_positive" CHECK ("package_images"."width" > 0 and "package_images"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "logo_image_id" uuid;--> statement-breakpoint
ALTER TABLE "package_images" ADD CONSTRAINT "package_images_package_id_service_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."service_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_images_package_idx" ON "package_images" USING btree ("package_id","position");