ALTER TABLE `outbox` ADD `edit_message_id` integer;--> statement-breakpoint
ALTER TABLE `recent_addresses` ADD `label` text;