CREATE TABLE "payout_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"host_id" integer NOT NULL,
	"state" text NOT NULL,
	"reference" text NOT NULL,
	"provider" text NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"destination_type" text NOT NULL,
	"destination" text NOT NULL,
	"provider_payout_id" text,
	"provider_state" text,
	"provider_state_since" timestamp with time zone,
	"proof" text,
	"proof_type" text,
	"proof_data" jsonb,
	"attempts" integer DEFAULT 1 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"waiting_since" timestamp with time zone,
	"waiting_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payout_batches_state_check" CHECK ("payout_batches"."state" in ('sending', 'in_progress', 'completed', 'cancelled', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_reference_key" ON "payout_batches" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_open_host_key" ON "payout_batches" USING btree ("host_id") WHERE "payout_batches"."state" in ('sending', 'in_progress');--> statement-breakpoint
CREATE INDEX "payout_batches_provider_id_idx" ON "payout_batches" USING btree ("provider_payout_id");--> statement-breakpoint
CREATE INDEX "payout_batches_state_idx" ON "payout_batches" USING btree ("state","locked_until");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_batch_idx" ON "payouts" USING btree ("batch_id");