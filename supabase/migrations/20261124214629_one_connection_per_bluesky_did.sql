-- One Bluesky account connected to a project through two servers (bsky.social and its own
-- PDS) left two rows; keep the newest connected one, move the items scheduled on the others to it.
WITH "ranked" AS (
  SELECT "id", first_value("id") OVER (
    PARTITION BY "project_id", "external_account_id"
    ORDER BY ("status" = 'connected') DESC, "updated_at" DESC, "id"
  ) AS "keeper"
  FROM "connections"
  WHERE "network" = 'bluesky' AND "external_account_id" IS NOT NULL
)
UPDATE "growth_items" SET "connection_id" = "ranked"."keeper"
FROM "ranked"
WHERE "growth_items"."connection_id" = "ranked"."id" AND "ranked"."id" <> "ranked"."keeper";
--> statement-breakpoint
DELETE FROM "connections"
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", first_value("id") OVER (
      PARTITION BY "project_id", "external_account_id"
      ORDER BY ("status" = 'connected') DESC, "updated_at" DESC, "id"
    ) AS "keeper"
    FROM "connections"
    WHERE "network" = 'bluesky' AND "external_account_id" IS NOT NULL
  ) AS "ranked"
  WHERE "id" <> "keeper"
);
--> statement-breakpoint
DROP INDEX "connections_one_per_network_account";
--> statement-breakpoint
CREATE UNIQUE INDEX "connections_one_per_network_account" ON "connections" USING btree ("project_id","network","service_url","external_account_id") WHERE external_account_id is not null and network <> 'bluesky';
--> statement-breakpoint
CREATE UNIQUE INDEX "connections_one_per_bluesky_did" ON "connections" USING btree ("project_id","external_account_id") WHERE network = 'bluesky' and external_account_id is not null;
