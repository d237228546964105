ALTER TABLE "auth_tokens" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "signup_door" text;