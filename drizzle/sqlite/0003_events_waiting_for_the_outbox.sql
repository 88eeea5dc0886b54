ALTER TABLE `webhook_events` ADD `applied_at` integer;--> statement-breakpoint
-- events stored before this migration were applied when they arrived
UPDATE `webhook_events` SET `applied_at` = `received_at`;--> statement-breakpoint
CREATE INDEX `webhook_events_waiting` ON `webhook_events` (`endpoint_row_id`,`received_at`) WHERE "webhook_events"."applied_at" is null;