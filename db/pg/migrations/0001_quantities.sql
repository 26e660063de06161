ALTER TABLE "addons" ADD COLUMN "unit" text DEFAULT 'quote' NOT NULL;--> statement-breakpoint
ALTER TABLE "configuration_revisions" ADD COLUMN "seller_discount" jsonb;--> statement-breakpoint
ALTER TABLE "configurations" ADD COLUMN "seller_discount" jsonb;