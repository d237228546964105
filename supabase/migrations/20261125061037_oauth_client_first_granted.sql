ALTER TABLE "oauth_clients" ADD COLUMN "first_granted_at" timestamp with time zone;--> statement-breakpoint
-- Clients registered before this column existed are kept: whether a founder allowed them, grants already forgotten cannot tell.
UPDATE "oauth_clients" SET "first_granted_at" = coalesce((SELECT min("created_at") FROM "oauth_grants" WHERE "oauth_grants"."client_id" = "oauth_clients"."id"), "created_at") WHERE "kind" = 'registered';
