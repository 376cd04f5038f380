CREATE TYPE "public"."saved_payment_method_type" AS ENUM('CREDIT_CARD', 'PAYPAL', 'BANK_TRANSFER');--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" "saved_payment_method_type" NOT NULL,
	"name" text NOT NULL,
	"last_four" text,
	"brand" text,
	"expiry_month" integer,
	"expiry_year" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_payment_methods_last_four" CHECK ("saved_payment_methods"."last_four" is null or "saved_payment_methods"."last_four" ~ '^[0-9]{4}$'),
	CONSTRAINT "saved_payment_methods_month" CHECK ("saved_payment_methods"."expiry_month" is null or "saved_payment_methods"."expiry_month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key_idx" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "saved_payment_methods_user_idx" ON "saved_payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_one_default_idx" ON "saved_payment_methods" USING btree ("user_id") WHERE "saved_payment_methods"."is_default";