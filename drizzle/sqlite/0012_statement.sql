ALTER TABLE `orders` ADD `burn_cost_trx` text;--> statement-breakpoint
ALTER TABLE `users` ADD `monthly_statement` integer DEFAULT false NOT NULL;