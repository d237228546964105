DROP INDEX "alerts_one_open_per_subject";--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_open_per_subject" ON "alerts" USING btree ("account_id","kind","subject_id") WHERE dismissed_at is null and resolved_at is null;