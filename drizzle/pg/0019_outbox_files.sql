ALTER TABLE "outbox" ADD COLUMN "file_kind" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "file_base64" text;