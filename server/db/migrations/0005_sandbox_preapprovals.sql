CREATE TABLE "sandbox_preapprovals" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"external_reference" text NOT NULL,
	"payer_email" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"free_trial_days" integer,
	"back_url" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"next_payment_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_preapprovals_idempotency_key_unique" UNIQUE("idempotency_key")
);
