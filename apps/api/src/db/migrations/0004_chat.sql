CREATE TYPE "public"."chat_room_status" AS ENUM('active', 'archived');--> statement-breakpoint
CREATE TYPE "public"."message_type" AS ENUM('text', 'image', 'file');--> statement-breakpoint
CREATE TABLE "chat_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"chat_room_id" integer NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"kind" text NOT NULL,
	"has_thumbnail" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_room_id" integer NOT NULL,
	"sender_user_id" integer,
	"sender_guest_id" integer,
	"message_text" text NOT NULL,
	"message_type" "message_type" DEFAULT 'text' NOT NULL,
	"file_id" uuid,
	"client_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_room_reads" (
	"chat_room_id" integer NOT NULL,
	"reader" text NOT NULL,
	"last_read_message_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_room_reads_chat_room_id_reader_pk" PRIMARY KEY("chat_room_id","reader")
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"buyer_id" integer,
	"guest_user_id" integer,
	"status" "chat_room_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone,
	CONSTRAINT "chat_rooms_one_customer" CHECK (("chat_rooms"."buyer_id" is null) <> ("chat_rooms"."guest_user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "guest_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"session_token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"upgraded_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_users_session_token_hash_unique" UNIQUE("session_token_hash")
);
--> statement-breakpoint
ALTER TABLE "chat_files" ADD CONSTRAINT "chat_files_chat_room_id_chat_rooms_id_fk" FOREIGN KEY ("chat_room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_room_id_chat_rooms_id_fk" FOREIGN KEY ("chat_room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_guest_id_guest_users_id_fk" FOREIGN KEY ("sender_guest_id") REFERENCES "public"."guest_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_file_id_chat_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."chat_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_reads" ADD CONSTRAINT "chat_room_reads_chat_room_id_chat_rooms_id_fk" FOREIGN KEY ("chat_room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_guest_user_id_guest_users_id_fk" FOREIGN KEY ("guest_user_id") REFERENCES "public"."guest_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_users" ADD CONSTRAINT "guest_users_upgraded_user_id_users_id_fk" FOREIGN KEY ("upgraded_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_files_room_idx" ON "chat_files" USING btree ("chat_room_id");--> statement-breakpoint
CREATE INDEX "chat_messages_room_idx" ON "chat_messages" USING btree ("chat_room_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_id_key" ON "chat_messages" USING btree ("chat_room_id","client_message_id") WHERE "chat_messages"."client_message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_team_buyer_key" ON "chat_rooms" USING btree ("team_id","buyer_id") WHERE "chat_rooms"."buyer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_team_guest_key" ON "chat_rooms" USING btree ("team_id","guest_user_id") WHERE "chat_rooms"."guest_user_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_rooms_buyer_idx" ON "chat_rooms" USING btree ("buyer_id");