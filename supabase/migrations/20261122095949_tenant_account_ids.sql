-- Every tenant table carries its account, backfilled from the project that owns the row.
ALTER TABLE "content_items" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "growth_items" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "growth_tasks" ADD COLUMN "account_id" uuid;--> statement-breakpoint
UPDATE "content_items" SET "account_id" = "projects"."account_id" FROM "projects" WHERE "projects"."id" = "content_items"."project_id";--> statement-breakpoint
UPDATE "growth_items" SET "account_id" = "projects"."account_id" FROM "projects" WHERE "projects"."id" = "growth_items"."project_id";--> statement-breakpoint
UPDATE "growth_tasks" SET "account_id" = "projects"."account_id" FROM "projects" WHERE "projects"."id" = "growth_tasks"."project_id";--> statement-breakpoint
ALTER TABLE "content_items" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "growth_items" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "growth_tasks" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_items" ADD CONSTRAINT "growth_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_tasks" ADD CONSTRAINT "growth_tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
