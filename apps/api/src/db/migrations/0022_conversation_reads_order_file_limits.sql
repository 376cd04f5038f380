CREATE TABLE "conversation_reads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" integer,
	"order_id" integer NOT NULL,
	"file_id" uuid,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_reads_order_idx" ON "conversation_reads" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "disputes_order_idx" ON "disputes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_files_uploader_idx" ON "order_files" USING btree ("uploader_id");--> statement-breakpoint
CREATE INDEX "order_files_unattached_idx" ON "order_files" USING btree ("created_at") WHERE "order_files"."delivery_id" is null;