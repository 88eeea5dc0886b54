ALTER TABLE "orders" ADD COLUMN "burn_cost_trx" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "monthly_statement" boolean DEFAULT false NOT NULL;