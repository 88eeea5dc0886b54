CREATE TABLE `order_batch_lines` (
	`batch_id` text NOT NULL,
	`position` integer NOT NULL,
	`intent_id` text NOT NULL,
	`price_trx` text NOT NULL,
	`refusal` text,
	PRIMARY KEY(`batch_id`, `position`),
	FOREIGN KEY (`batch_id`) REFERENCES `order_batches`(`batch_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`intent_id`) REFERENCES `orders`(`intent_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_batch_lines_intent` ON `order_batch_lines` (`intent_id`);--> statement-breakpoint
CREATE TABLE `order_batches` (
	`batch_id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`key_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	`message_id` integer,
	`state` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_batches_user` ON `order_batches` (`user_id`,`state`);