ALTER TABLE "outbox" ADD COLUMN "edit_message_id" integer;--> statement-breakpoint
ALTER TABLE "recent_addresses" ADD COLUMN "label" text;