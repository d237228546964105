-- Titles carry no channel prefix ("X: How-to"): the channel is shown as a badge, and a prefix went
-- stale when the channel changed. The offline planner no longer writes one; this strips those stored
-- on items and in plans (any channel's name, in any phrasebook's language, once or repeated).
UPDATE "growth_items"
SET "title" = regexp_replace("title", '^((X|Bluesky|Mastodon|Threads|LinkedIn|Instagram Reels|Instagram|Pinterest|TikTok|YouTube Shorts|Reddit|Discord|Facebook group|Facebook-Gruppe|Groupe Facebook|Grupo de Facebook|Grupo do Facebook|Blog|Thought leadership|Fachbeitrag|Tribune|Artículo de opinión|Artigo de opinião|Newsletter|Boletín)[[:space:]]*:[[:space:]]*)+', '', 'i')
WHERE "title" ~* '^(X|Bluesky|Mastodon|Threads|LinkedIn|Instagram Reels|Instagram|Pinterest|TikTok|YouTube Shorts|Reddit|Discord|Facebook group|Facebook-Gruppe|Groupe Facebook|Grupo de Facebook|Grupo do Facebook|Blog|Thought leadership|Fachbeitrag|Tribune|Artículo de opinión|Artigo de opinião|Newsletter|Boletín)[[:space:]]*:[[:space:]]*[^[:space:]]';
--> statement-breakpoint
UPDATE "growth_cycles" AS "cycle"
SET "plan" = jsonb_set("cycle"."plan", '{contentPlan}', (
  SELECT coalesce(jsonb_agg(
    CASE WHEN jsonb_typeof("entry"->'items') = 'array' THEN jsonb_set("entry", '{items}', (
      SELECT coalesce(jsonb_agg(
        CASE WHEN "item"->>'title' ~* '^(X|Bluesky|Mastodon|Threads|LinkedIn|Instagram Reels|Instagram|Pinterest|TikTok|YouTube Shorts|Reddit|Discord|Facebook group|Facebook-Gruppe|Groupe Facebook|Grupo de Facebook|Grupo do Facebook|Blog|Thought leadership|Fachbeitrag|Tribune|Artículo de opinión|Artigo de opinião|Newsletter|Boletín)[[:space:]]*:[[:space:]]*[^[:space:]]'
          THEN jsonb_set("item", '{title}', to_jsonb(regexp_replace("item"->>'title', '^((X|Bluesky|Mastodon|Threads|LinkedIn|Instagram Reels|Instagram|Pinterest|TikTok|YouTube Shorts|Reddit|Discord|Facebook group|Facebook-Gruppe|Groupe Facebook|Grupo de Facebook|Grupo do Facebook|Blog|Thought leadership|Fachbeitrag|Tribune|Artículo de opinión|Artigo de opinião|Newsletter|Boletín)[[:space:]]*:[[:space:]]*)+', '', 'i')))
          ELSE "item" END
        ORDER BY "item_index"), '[]'::jsonb)
      FROM jsonb_array_elements("entry"->'items') WITH ORDINALITY AS "items"("item", "item_index")
    )) ELSE "entry" END
    ORDER BY "entry_index"), '[]'::jsonb)
  FROM jsonb_array_elements("cycle"."plan"->'contentPlan') WITH ORDINALITY AS "entries"("entry", "entry_index")
))
WHERE jsonb_typeof("cycle"."plan"->'contentPlan') = 'array';
