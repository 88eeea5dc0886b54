ALTER TABLE `outbox` ADD `file_kind` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `file_name` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `file_base64` text;