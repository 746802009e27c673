CREATE TABLE "sensor_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"manufacturer" text NOT NULL,
	"communication" text NOT NULL,
	"parameters" text NOT NULL,
	"firmware_family" text NOT NULL,
	"introduced_on" date NOT NULL,
	"in_production" boolean DEFAULT true NOT NULL,
	CONSTRAINT "sensor_models_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE INDEX "sensor_models_manufacturer_idx" ON "sensor_models" USING btree ("manufacturer");