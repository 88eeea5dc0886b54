DROP INDEX "webhook_events_waiting";--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "arrival" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_events_waiting" ON "webhook_events" USING btree ("endpoint_row_id","received_at","arrival") WHERE "webhook_events"."applied_at" is null;