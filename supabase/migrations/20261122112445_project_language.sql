ALTER TABLE "growth_items" ADD COLUMN "usage" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;