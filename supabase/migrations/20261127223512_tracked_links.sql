CREATE TABLE "conversions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"event" text NOT NULL,
	"external_id" text NOT NULL,
	"value_cents" integer,
	"currency" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"click_id" uuid,
	"link_id" uuid,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ingest_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "ingest_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "ingest_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "link_click_days" (
	"link_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"day" date NOT NULL,
	"counted" integer DEFAULT 0 NOT NULL,
	"repeats" integer DEFAULT 0 NOT NULL,
	"bots" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "link_click_days_link_id_day_pk" PRIMARY KEY("link_id","day")
);
--> statement-breakpoint
ALTER TABLE "link_click_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "link_clicks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"link_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"hour" integer NOT NULL,
	"visitor" text NOT NULL,
	"kind" text NOT NULL,
	"country" text,
	"referrer_host" text
);
--> statement-breakpoint
ALTER TABLE "link_clicks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tracked_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"growth_item_id" uuid,
	"content_item_id" uuid,
	"code" text NOT NULL,
	"destination" text NOT NULL,
	"utm" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracked_links_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "tracked_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "site_url" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "link_tracking" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "attribution_window_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_link_id_tracked_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."tracked_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_keys" ADD CONSTRAINT "ingest_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_keys" ADD CONSTRAINT "ingest_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_click_days" ADD CONSTRAINT "link_click_days_link_id_tracked_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."tracked_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_click_days" ADD CONSTRAINT "link_click_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_click_days" ADD CONSTRAINT "link_click_days_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_link_id_tracked_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."tracked_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD CONSTRAINT "tracked_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD CONSTRAINT "tracked_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD CONSTRAINT "tracked_links_growth_item_id_growth_items_id_fk" FOREIGN KEY ("growth_item_id") REFERENCES "public"."growth_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD CONSTRAINT "tracked_links_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_one_per_external_id" ON "conversions" USING btree ("project_id","event","external_id");--> statement-breakpoint
CREATE INDEX "conversions_project_idx" ON "conversions" USING btree ("project_id","occurred_at");--> statement-breakpoint
CREATE INDEX "conversions_link_idx" ON "conversions" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "ingest_keys_project_idx" ON "ingest_keys" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "link_click_days_project_idx" ON "link_click_days" USING btree ("project_id","day");--> statement-breakpoint
CREATE INDEX "link_clicks_link_idx" ON "link_clicks" USING btree ("link_id","at");--> statement-breakpoint
CREATE INDEX "link_clicks_at_idx" ON "link_clicks" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "link_clicks_one_counted_per_visitor_hour" ON "link_clicks" USING btree ("link_id","visitor","hour") WHERE kind = 'counted';--> statement-breakpoint
CREATE INDEX "tracked_links_project_idx" ON "tracked_links" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_links_one_per_growth_item" ON "tracked_links" USING btree ("growth_item_id") WHERE growth_item_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_links_one_per_content_item" ON "tracked_links" USING btree ("content_item_id") WHERE content_item_id is not null;