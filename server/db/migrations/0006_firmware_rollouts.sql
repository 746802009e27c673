ALTER TABLE "deployment_sensors" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "rollout" jsonb;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "next_release_at" timestamp with time zone;