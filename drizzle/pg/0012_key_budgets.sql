CREATE TABLE "budget_paused_rules" (
	"rule_id" text PRIMARY KEY NOT NULL,
	"key_id" integer NOT NULL,
	"paused_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_budgets" (
	"key_id" integer PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"budget_sun" text,
	"month" text,
	"firings_sun" text DEFAULT '0' NOT NULL,
	"warned_month" text,
	"reached_mark" text,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "budget_paused_rules" ADD CONSTRAINT "budget_paused_rules_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_budgets" ADD CONSTRAINT "key_budgets_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_budgets" ADD CONSTRAINT "key_budgets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_paused_rules_key" ON "budget_paused_rules" USING btree ("key_id");