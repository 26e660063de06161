CREATE TABLE `addon_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`icon` text,
	`allows_multiple_selection` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE `addon_packages` (
	`addon_id` integer NOT NULL,
	`package_id` integer NOT NULL,
	PRIMARY KEY(`addon_id`, `package_id`),
	FOREIGN KEY (`addon_id`) REFERENCES `addons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `addon_packages_package_idx` ON `addon_packages` (`package_id`);--> statement-breakpoint
CREATE TABLE `addons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category_id` integer,
	`setup_fee_cents` integer DEFAULT 0 NOT NULL,
	`monthly_fee_cents` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `addon_categories`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `addons_category_idx` ON `addons` (`category_id`);--> statement-breakpoint
CREATE TABLE `configurations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`user_id` integer NOT NULL,
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
	`snapshot` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `configurations_user_created_idx` ON `configurations` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `configurations_created_idx` ON `configurations` (`created_at`);--> statement-breakpoint
CREATE INDEX `configurations_package_idx` ON `configurations` (`package_name`);--> statement-breakpoint
CREATE INDEX `configurations_locations_idx` ON `configurations` (`locations`);--> statement-breakpoint
CREATE INDEX `configurations_contract_idx` ON `configurations` (`contract_duration`);--> statement-breakpoint
CREATE INDEX `configurations_tcv_idx` ON `configurations` (`tcv_cents`);--> statement-breakpoint
CREATE TABLE `discount_conditions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`discount_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`type` text NOT NULL,
	`operator` text NOT NULL,
	`value` text NOT NULL,
	FOREIGN KEY (`discount_id`) REFERENCES `discounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `discount_conditions_discount_idx` ON `discount_conditions` (`discount_id`,`position`);--> statement-breakpoint
CREATE TABLE `discounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`type` text NOT NULL,
	`value_hundredths` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `email_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`to` text NOT NULL,
	`user_id` integer,
	`type` text NOT NULL,
	`subject` text NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`metadata` text,
	`content` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `email_logs_created_idx` ON `email_logs` (`created_at`);--> statement-breakpoint
CREATE INDEX `email_logs_to_type_idx` ON `email_logs` (`to`,`type`,`created_at`);--> statement-breakpoint
CREATE TABLE `login_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_failures_account_at_idx` ON `login_failures` (`account`,`at`);--> statement-breakpoint
CREATE TABLE `package_features` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`package_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`text` text NOT NULL,
	`included` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `package_features_package_idx` ON `package_features` (`package_id`,`position`);--> statement-breakpoint
CREATE TABLE `packages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`base_price_cents` integer DEFAULT 0 NOT NULL,
	`setup_fee_cents` integer DEFAULT 0 NOT NULL,
	`extra_location_price_cents` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`origin` text DEFAULT 'self' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `price_tiers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`package_id` integer NOT NULL,
	`min_sqm` integer NOT NULL,
	`max_sqm` integer,
	`price_per_sqm_cents` integer NOT NULL,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_tiers_package_idx` ON `price_tiers` (`package_id`,`min_sqm`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_price_tiers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`package_id` integer NOT NULL,
	`min_users` integer NOT NULL,
	`max_users` integer,
	`price_per_user_cents` integer NOT NULL,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_price_tiers_package_idx` ON `user_price_tiers` (`package_id`,`min_users`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`firstname` text DEFAULT '' NOT NULL,
	`lastname` text DEFAULT '' NOT NULL,
	`company_name` text DEFAULT '' NOT NULL,
	`password_hash` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`last_login` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_lower_unique` ON `users` (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_lower_unique` ON `users` (lower("username"));