DROP INDEX `webhook_events_waiting`;--> statement-breakpoint
ALTER TABLE `webhook_events` ADD `arrival` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `webhook_events_waiting` ON `webhook_events` (`endpoint_row_id`,`received_at`,`arrival`) WHERE "webhook_events"."applied_at" is null;--> statement-breakpoint
UPDATE `webhook_events` SET `arrival` = rowid;