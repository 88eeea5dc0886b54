CREATE TABLE "rule_price_caps" (
	"rule_id" text PRIMARY KEY NOT NULL,
	"key_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"volume" text,
	"duration" text,
	"cap_sun" text NOT NULL,
	"paused_above" boolean DEFAULT false NOT NULL,
	"told" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rule_price_caps" ADD CONSTRAINT "rule_price_caps_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_price_caps" ADD CONSTRAINT "rule_price_caps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rule_price_caps_key" ON "rule_price_caps" USING btree ("key_id");