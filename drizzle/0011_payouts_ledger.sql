CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"txn" text NOT NULL,
	"kind" text NOT NULL,
	"payment_id" integer NOT NULL,
	"payout_id" integer,
	"account" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" in ('cash', 'host_payable', 'platform_fees')),
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('payment', 'refund', 'payout'))
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"destination" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active_from" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_methods_type_check" CHECK ("payout_methods"."type" in ('bitcoin', 'lightning'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"host_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"state" text NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"destination_type" text,
	"destination" text,
	"provider_payout_id" text,
	"provider_state" text,
	"proof" text,
	"proof_type" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payouts_state_check" CHECK ("payouts"."state" in ('awaiting_details', 'scheduled', 'sending', 'in_progress', 'completed', 'failed', 'manual', 'cancelled')),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_txn_account_key" ON "ledger_entries" USING btree ("txn","account");--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_idx" ON "ledger_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_payment_key" ON "payouts" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_key" ON "payouts" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payouts_host_idx" ON "payouts" USING btree ("host_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "payouts_provider_id_idx" ON "payouts" USING btree ("provider_payout_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('message', 'booking_requested', 'booking_accepted', 'booking_declined', 'booking_cancelled', 'booking_expired', 'booking_paid', 'payout_released', 'payout_sent', 'payout_details_needed', 'payment_refunded', 'review_received', 'hours_logged', 'hours_confirmed', 'hours_disputed', 'saved_search_match', 'account_notice'));--> statement-breakpoint
-- The ledger starts with the money already held: each completed or refunded payment's arrival,
-- and the refunds recorded on it (the rent first, then the fee, as hostPayoutCents counts them).
INSERT INTO "ledger_entries" ("txn", "kind", "payment_id", "account", "amount_cents")
SELECT 'payment:' || p."id", 'payment', p."id", a."account", a."amount"
FROM "payments" p
CROSS JOIN LATERAL (VALUES ('cash', p."amount" + p."platform_fee"), ('host_payable', -p."amount"), ('platform_fees', -p."platform_fee")) AS a("account", "amount")
WHERE p."status" IN ('completed', 'refunded') AND a."amount" <> 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("txn", "kind", "payment_id", "account", "amount_cents")
SELECT 'refund:' || r."id" || ':0', 'refund', r."id", a."account", a."amount"
FROM (
  SELECT p."id", p."amount", coalesce(p."refunded_amount", CASE WHEN p."status" = 'refunded' THEN p."amount" + p."platform_fee" ELSE 0 END) AS "refunded"
  FROM "payments" p WHERE p."status" IN ('completed', 'refunded')
) r
CROSS JOIN LATERAL (VALUES ('cash', -r."refunded"), ('host_payable', least(r."refunded", r."amount")), ('platform_fees', r."refunded" - least(r."refunded", r."amount"))) AS a("account", "amount")
WHERE r."refunded" > 0 AND a."amount" <> 0;
