CREATE TABLE `configuration_revisions` (
	`configuration_id` integer NOT NULL,
	`revision` integer NOT NULL,
	`package_id` integer NOT NULL,
	`package_name` text NOT NULL,
	`pricing_model` text NOT NULL,
	`square_meters` integer NOT NULL,
	`user_count` integer NOT NULL,
	`locations` integer NOT NULL,
	`contract_duration` integer NOT NULL,
	`payment_frequency` text NOT NULL,
	`add_ons` text NOT NULL,
	`discount_ids` text NOT NULL,
	`custom_items` text NOT NULL,
	`total_monthly_cents` integer NOT NULL,
	`setup_fees_cents` integer NOT NULL,
	`tcv_cents` integer NOT NULL,
	`add_on_names` text NOT NULL,
	`snapshot` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`configuration_id`, `revision`),
	FOREIGN KEY (`configuration_id`) REFERENCES `configurations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
DROP INDEX `configurations_created_idx`;--> statement-breakpoint
DROP INDEX `configurations_package_idx`;--> statement-breakpoint
DROP INDEX `configurations_locations_idx`;--> statement-breakpoint
DROP INDEX `configurations_contract_idx`;--> statement-breakpoint
DROP INDEX `configurations_tcv_idx`;--> statement-breakpoint
DROP INDEX `configurations_user_created_idx`;--> statement-breakpoint
DROP INDEX `configurations_user_package_idx`;--> statement-breakpoint
DROP INDEX `configurations_user_locations_idx`;--> statement-breakpoint
DROP INDEX `configurations_user_contract_idx`;--> statement-breakpoint
DROP INDEX `configurations_user_tcv_idx`;--> statement-breakpoint
ALTER TABLE `configurations` ADD `number` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `configurations` ADD `revision` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `configurations` ADD `revised_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `configurations` ADD `status` text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE `configurations` ADD `valid_until` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `configurations` ADD `customer_company` text;--> statement-breakpoint
ALTER TABLE `configurations` ADD `customer_name` text;--> statement-breakpoint
ALTER TABLE `configurations` ADD `customer_email` text;--> statement-breakpoint
-- Existing quotes keep their stored figures. Their number is their id: the PDF has always printed "Q-" + the id, so a
-- customer quoting back a number from an earlier PDF finds the same quote. Each starts at revision 1 (priced when
-- last updated), as a draft, valid until 30 days after the (UTC) day it was created: the prices it holds are that
-- day's, and an offer older than the default validity is shown as expired rather than silently renewed.
UPDATE `configurations` SET `number` = `id`, `revised_at` = `updated_at`, `valid_until` = date(`created_at` / 1000, 'unixepoch', '+30 days');--> statement-breakpoint
-- The counter starts past every id ever handed out (sqlite_sequence keeps those of deleted rows too): never reused.
INSERT INTO `counters` (`name`, `value`) VALUES ('quote_number', max(coalesce((SELECT `seq` FROM `sqlite_sequence` WHERE `name` = 'configurations'), 0), coalesce((SELECT max(`id`) FROM `configurations`), 0)));--> statement-breakpoint
CREATE UNIQUE INDEX `configurations_number_unique` ON `configurations` (`number`);--> statement-breakpoint
CREATE INDEX `configurations_created_idx` ON `configurations` (`created_at`,`id`,`name`,`status`,`valid_until`);--> statement-breakpoint
CREATE INDEX `configurations_package_idx` ON `configurations` (`package_name`,`id`,`name`,`status`,`valid_until`);--> statement-breakpoint
CREATE INDEX `configurations_locations_idx` ON `configurations` (`locations`,`id`,`name`,`status`,`valid_until`);--> statement-breakpoint
CREATE INDEX `configurations_contract_idx` ON `configurations` (`contract_duration`,`id`,`name`,`status`,`valid_until`);--> statement-breakpoint
CREATE INDEX `configurations_tcv_idx` ON `configurations` (`tcv_cents`,`id`,`name`,`status`,`valid_until`);--> statement-breakpoint
CREATE INDEX `configurations_user_created_idx` ON `configurations` (`user_id`,`created_at`,`id`,`name`,`status`,`valid_until`);--> statement-breakpoint
CREATE INDEX `configurations_user_package_idx` ON `configurations` (`user_id`,`package_name`,`id`,`name`,`status`,`valid_until`);--> statement-breakpoint
CREATE INDEX `configurations_user_locations_idx` ON `configurations` (`user_id`,`locations`,`id`,`name`,`status`,`valid_until`);--> statement-breakpoint
CREATE INDEX `configurations_user_contract_idx` ON `configurations` (`user_id`,`contract_duration`,`id`,`name`,`status`,`valid_until`);--> statement-breakpoint
CREATE INDEX `configurations_user_tcv_idx` ON `configurations` (`user_id`,`tcv_cents`,`id`,`name`,`status`,`valid_until`);--> statement-breakpoint
-- A row inserted without a number (raw SQL, a script, an older code path) still gets the next one, never 0.
CREATE TRIGGER `configurations_number_assign` AFTER INSERT ON `configurations` WHEN NEW.`number` = 0 BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'quote_number';
  UPDATE `configurations` SET `number` = (SELECT `value` FROM `counters` WHERE `name` = 'quote_number') WHERE `id` = NEW.`id`;
END;
