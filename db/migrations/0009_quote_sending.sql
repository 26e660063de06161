CREATE TABLE `company_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`address` text,
	`email` text,
	`phone` text,
	`vat_number` text,
	`terms` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `quote_shares` ADD `nonce` text;--> statement-breakpoint
ALTER TABLE `quote_shares` ADD `sent_to` text;--> statement-breakpoint
ALTER TABLE `quote_shares` ADD `reminded_at` integer;