CREATE TABLE "api_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_users" ADD COLUMN "key_hash" text;--> statement-breakpoint
ALTER TABLE "api_users" ADD COLUMN "key_prefix" text;--> statement-breakpoint
ALTER TABLE "api_users" ADD COLUMN "key_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_users" ADD COLUMN "last_rate_limited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_users" ADD COLUMN "last_rate_limited_kind" text;--> statement-breakpoint
CREATE INDEX "api_rate_limits_expire_idx" ON "api_rate_limits" USING btree ("expire");--> statement-breakpoint
ALTER TABLE "api_users" ADD CONSTRAINT "api_users_key_hash_unique" UNIQUE("key_hash");