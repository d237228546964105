ALTER TABLE "projects" ADD COLUMN "decision_changes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- A decision changed before this column kept its one date for every decision, so steps drafted before it stay out of date after the next edit.
UPDATE "projects" SET "decision_changes" = (
  SELECT coalesce(jsonb_object_agg(key, to_char("decisions_changed_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')), '{}'::jsonb)
  FROM jsonb_object_keys("decisions") AS key
) WHERE "decisions_changed_at" IS NOT NULL AND jsonb_typeof("decisions") = 'object';
