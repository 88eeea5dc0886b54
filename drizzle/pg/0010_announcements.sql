CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"chat_id" bigint NOT NULL,
	"message_id" integer,
	"text" text NOT NULL,
	"paid_broadcast" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"cursor" bigint,
	"enqueued_all" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "paid_broadcast" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "announcement_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "announcements_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_announcement" ON "outbox" USING btree ("announcement_id","status");