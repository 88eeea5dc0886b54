CREATE TABLE "chat_leases" (
	"chat_key" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "update_inbox" (
	"update_id" bigint PRIMARY KEY NOT NULL,
	"chat_key" text NOT NULL,
	"payload" text,
	"received_at" bigint NOT NULL,
	"handled_at" bigint
);
--> statement-breakpoint
CREATE INDEX "update_inbox_waiting" ON "update_inbox" USING btree ("chat_key","update_id") WHERE handled_at is null;--> statement-breakpoint
CREATE INDEX "update_inbox_received" ON "update_inbox" USING btree ("received_at");