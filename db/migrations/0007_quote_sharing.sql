CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`user_id` integer,
	`actor` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` integer,
	`action` text NOT NULL,
	`before` text,
	`after` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_user_idx` ON `audit_log` (`user_id`,`at`);--> statement-breakpoint
CREATE TABLE `quote_shares` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`configuration_id` integer NOT NULL,
	`revision` integer NOT NULL,
	`view` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` integer NOT NULL,
	`revoked_at` integer,
	`opened_at` integer,
	FOREIGN KEY (`configuration_id`) REFERENCES `configurations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quote_shares_configuration_idx` ON `quote_shares` (`configuration_id`,`revoked_at`);--> statement-breakpoint
ALTER TABLE `configurations` ADD `acceptance` text;--> statement-breakpoint
ALTER TABLE `configurations` ADD `decline` text;--> statement-breakpoint
-- The audit trail is append-only: no code path, script or cascade can change or remove an entry.
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit entries are append-only'); END;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit entries are append-only'); END;
