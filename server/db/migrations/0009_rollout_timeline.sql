CREATE TABLE "deployment_sensor_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"deployment_id" integer NOT NULL,
	"sensor_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"from_status" text,
	"status" text NOT NULL,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "quarantined_sensors" (
	"family" text NOT NULL,
	"sensor_id" integer NOT NULL,
	"deployment_id" integer,
	"failures" integer NOT NULL,
	"reason" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "quarantined_sensors_family_sensor_id_pk" PRIMARY KEY("family","sensor_id")
);
--> statement-breakpoint
ALTER TABLE "deployment_sensors" ADD COLUMN "wave" integer;--> statement-breakpoint
ALTER TABLE "deployment_sensors" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "firmware_versions" ADD COLUMN "simulated_failure_rate" double precision;--> statement-breakpoint
ALTER TABLE "deployment_sensor_events" ADD CONSTRAINT "deployment_sensor_events_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deployment_sensor_events_sensor_idx" ON "deployment_sensor_events" USING btree ("deployment_id","sensor_id","id");