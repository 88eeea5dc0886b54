CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"label" text NOT NULL,
	"fingerprint" text NOT NULL,
	"sealed_key" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"missing_scopes" text DEFAULT '[]' NOT NULL,
	"created_at" bigint NOT NULL,
	"last_used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "bot_storage" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cron_ticks" (
	"job" text NOT NULL,
	"slot" text NOT NULL,
	"owner" text NOT NULL,
	"claimed_at" bigint NOT NULL,
	CONSTRAINT "cron_ticks_job_slot_pk" PRIMARY KEY("job","slot")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"intent_id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"key_id" integer NOT NULL,
	"chat_id" bigint NOT NULL,
	"message_id" integer,
	"idempotency_key" text NOT NULL,
	"resource" text NOT NULL,
	"target_address" text NOT NULL,
	"volume" text NOT NULL,
	"duration" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"order_id" text,
	"status" text,
	"total_trx" text,
	"tx_id" text,
	"last_error" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"dedupe_key" text NOT NULL,
	"text" text NOT NULL,
	"reply_markup" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"lease_until" bigint,
	"lease_owner" text,
	"last_error" text,
	"created_at" bigint NOT NULL,
	"sent_at" bigint
);
--> statement-breakpoint
CREATE TABLE "processed_updates" (
	"update_id" bigint PRIMARY KEY NOT NULL,
	"seen_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recent_addresses" (
	"user_id" bigint NOT NULL,
	"address" text NOT NULL,
	"used_at" bigint NOT NULL,
	CONSTRAINT "recent_addresses_user_id_address_pk" PRIMARY KEY("user_id","address")
);
--> statement-breakpoint
CREATE TABLE "rule_snapshots" (
	"rule_id" text PRIMARY KEY NOT NULL,
	"key_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text NOT NULL,
	"pause_reason" text,
	"spent_trx" text DEFAULT '0' NOT NULL,
	"last_fire_at" text,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigint PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"language" text,
	"blocked" boolean DEFAULT false NOT NULL,
	"notices_enabled" boolean DEFAULT true NOT NULL,
	"notify_fires" boolean DEFAULT false NOT NULL,
	"balance_alert_sun" text,
	"balance_alert_tripped" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"key_id" integer,
	"route_token" text NOT NULL,
	"endpoint_id" text,
	"sealed_secret" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_event_at" bigint,
	"last_event_type" text,
	"last_ping_at" bigint,
	"last_verified_at" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"endpoint_row_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" text NOT NULL,
	"received_at" bigint NOT NULL,
	CONSTRAINT "webhook_events_endpoint_row_id_event_id_pk" PRIMARY KEY("endpoint_row_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_addresses" ADD CONSTRAINT "recent_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_user" ON "api_keys" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency" ON "orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_order_id" ON "orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_status" ON "orders" USING btree ("state","status");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe" ON "outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbox_due" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_chat" ON "outbox" USING btree ("chat_id","status");--> statement-breakpoint
CREATE INDEX "processed_updates_seen" ON "processed_updates" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "users_chat" ON "users" USING btree ("chat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_token" ON "webhook_endpoints" USING btree ("route_token");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_user" ON "webhook_endpoints" USING btree ("user_id");