CREATE TABLE `price_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`volume` text NOT NULL,
	`duration` text NOT NULL,
	`below_sun` text NOT NULL,
	`armed` integer DEFAULT true NOT NULL,
	`trips` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_alerts_user` ON `price_alerts` (`user_id`);