CREATE TYPE "public"."ledger_account_kind" AS ENUM('buyer_funds', 'escrow', 'platform_fee', 'member_payable', 'paid_out', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."ledger_transaction_kind" AS ENUM('charge', 'completion', 'refund', 'payout');--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "ledger_account_kind" NOT NULL,
	"user_id" integer,
	CONSTRAINT "ledger_accounts_kind_user_key" UNIQUE NULLS NOT DISTINCT("kind","user_id"),
	CONSTRAINT "ledger_accounts_user_when_per_user" CHECK (("ledger_accounts"."kind" in ('member_payable', 'paid_out')) = ("ledger_accounts"."user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"order_id" integer,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "ledger_transaction_kind" NOT NULL,
	"order_id" integer,
	"payout_id" integer,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payout_shares" (
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"percent" integer NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	CONSTRAINT "order_payout_shares_order_id_user_id_pk" PRIMARY KEY("order_id","user_id"),
	CONSTRAINT "order_payout_shares_percent_range" CHECK ("order_payout_shares"."percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"payable_entry_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"transfer_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "team_payout_shares" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"percent" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_payout_shares_team_id_user_id_pk" PRIMARY KEY("team_id","user_id"),
	CONSTRAINT "team_payout_shares_percent_range" CHECK ("team_payout_shares"."percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payout_shares" ADD CONSTRAINT "order_payout_shares_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payout_shares" ADD CONSTRAINT "order_payout_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payable_entry_id_ledger_entries_id_fk" FOREIGN KEY ("payable_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_payout_shares" ADD CONSTRAINT "team_payout_shares_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_payout_shares" ADD CONSTRAINT "team_payout_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_order_once_idx" ON "ledger_transactions" USING btree ("order_id","kind") WHERE "ledger_transactions"."kind" in ('charge', 'completion');--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_payout_idx" ON "ledger_transactions" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_payout_shares_user_idx" ON "order_payout_shares" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_payable_entry_idx" ON "payouts" USING btree ("payable_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_idempotency_key_idx" ON "payouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id");--> statement-breakpoint
-- Opening balance: the orders held when the ledger starts (paid, not completed, refunded or
-- cancelled) bring their payments into escrow, with the default split (everything to the team
-- admin) copied onto them, so the ledger balances from its first day. Orders completed before it
-- are left out: their money moved before the ledger existed and is not paid out again. Statuses
-- compare as text: on a new database the statuses added by 0010 are not committed yet.
-- The marketplace's own accounts exist from the start, so no two first movements race to open one.
INSERT INTO "ledger_accounts" ("kind") VALUES ('buyer_funds'), ('escrow'), ('platform_fee'), ('refunded') ON CONFLICT DO NOTHING;--> statement-breakpoint
WITH "held" AS (
	SELECT "o"."id" AS "order_id", sum("p"."amount_cents" - "p"."refunded_cents")::integer AS "cents"
	FROM "orders" "o" JOIN "payments" "p" ON "p"."order_id" = "o"."id" AND "p"."status" = 'completed'
	WHERE "o"."status"::text IN ('confirmed', 'in_progress', 'delivered', 'disputed')
	GROUP BY "o"."id"
	HAVING sum("p"."amount_cents" - "p"."refunded_cents") > 0
), "opened" AS (
	INSERT INTO "ledger_transactions" ("kind", "order_id", "description")
	SELECT 'charge', "order_id", 'Payment for order ' || "order_id" || ' held in escrow (opening balance)' FROM "held"
	RETURNING "id", "order_id"
)
INSERT INTO "ledger_entries" ("transaction_id", "account_id", "amount_cents", "order_id")
SELECT "opened"."id", "a"."id", CASE WHEN "a"."kind" = 'escrow' THEN "held"."cents" ELSE -"held"."cents" END, "opened"."order_id"
FROM "opened" JOIN "held" ON "held"."order_id" = "opened"."order_id"
CROSS JOIN "ledger_accounts" "a"
WHERE "a"."kind" IN ('buyer_funds', 'escrow') AND "a"."user_id" IS NULL;--> statement-breakpoint
INSERT INTO "order_payout_shares" ("order_id", "user_id", "percent", "is_admin")
SELECT "l"."order_id", "t"."admin_id", 100, true
FROM "ledger_transactions" "l" JOIN "orders" "o" ON "o"."id" = "l"."order_id" JOIN "teams" "t" ON "t"."id" = "o"."team_id"
WHERE "l"."kind" = 'charge'
ON CONFLICT DO NOTHING;
