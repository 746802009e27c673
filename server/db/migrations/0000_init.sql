CREATE TABLE "adp_access_definitions" (
	"user_id" integer NOT NULL,
	"id" integer NOT NULL,
	"sponsor_id" integer,
	"osm_id" text,
	"installation_id" integer,
	"visibility" text NOT NULL,
	"can_be_edited" boolean DEFAULT true NOT NULL,
	CONSTRAINT "adp_access_definitions_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "adp_plans" (
	"name" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"is_trial_plan" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adp_trials" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"trial_plan_name" text NOT NULL,
	"post_trial_plan_name" text NOT NULL,
	"end_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adp_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"nickname" text NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"plan_name" text NOT NULL,
	"contractor_id" integer,
	"type" text NOT NULL,
	"reason" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "api_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"custom_id" text,
	"contractor_id" integer,
	"internal" boolean DEFAULT false NOT NULL,
	"samples_api" boolean DEFAULT false NOT NULL,
	"limit_standard" jsonb,
	"limit_samples" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"log_id" bigserial PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_name" text,
	"event_type" text NOT NULL,
	"source_name" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractor_tag_values" (
	"contractor_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"value" jsonb,
	CONSTRAINT "contractor_tag_values_contractor_id_tag_id_pk" PRIMARY KEY("contractor_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "contractors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"logo" text,
	"link" text,
	"hs_id" text,
	"hs_name" text,
	"company_owner" text,
	"company_state" text,
	"end_of_deal" date,
	"custom_sla" boolean DEFAULT false NOT NULL,
	"active_subscriptions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deployment_sensors" (
	"deployment_id" integer NOT NULL,
	"sensor_id" integer NOT NULL,
	"status" text NOT NULL,
	"version" text,
	"reports_version" text,
	"bank" integer,
	"binary" text,
	"last_contact" timestamp with time zone,
	"last_updated" timestamp with time zone,
	"has_logs" boolean DEFAULT false NOT NULL,
	"logs" text,
	CONSTRAINT "deployment_sensors_deployment_id_sensor_id_pk" PRIMARY KEY("deployment_id","sensor_id")
);
--> statement-breakpoint
CREATE TABLE "deployments" (
	"id" serial PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"sensors" jsonb NOT NULL,
	"version" text,
	"commit" text,
	"status" text NOT NULL,
	"strategy" text,
	"from_date" timestamp with time zone DEFAULT now() NOT NULL,
	"till_date" timestamp with time zone,
	"at_once" integer,
	"spacing" integer,
	"test_time" integer,
	"allow_failed" boolean DEFAULT false NOT NULL,
	"blocked_sensors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"applied_date" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_binaries" (
	"id" text PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"version" text NOT NULL,
	"module" integer,
	"bank" integer,
	"description" text,
	"file_key" text NOT NULL,
	"hash" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_versions" (
	"family" text NOT NULL,
	"version" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'Experimental' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firmware_versions_family_version_pk" PRIMARY KEY("family","version")
);
--> statement-breakpoint
CREATE TABLE "installation_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"installation_id" integer NOT NULL,
	"sensor_id" integer NOT NULL,
	"contractor_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"snapshot" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installation_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"sensor_id" integer,
	"request_type" text NOT NULL,
	"client_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"location_from_address" boolean DEFAULT false NOT NULL,
	"email" text,
	"phone" text,
	"language" text,
	"contractor_id" integer,
	"notes" text,
	"staff_notes" text,
	"state" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installation_tag_values" (
	"installation_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"value" jsonb,
	CONSTRAINT "installation_tag_values_installation_id_tag_id_pk" PRIMARY KEY("installation_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "installations" (
	"id" serial PRIMARY KEY NOT NULL,
	"installation_id" integer NOT NULL,
	"predecessor_id" integer,
	"successor_id" integer,
	"sensor_id" integer NOT NULL,
	"installation_date" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	"contractor_id" integer,
	"status" text NOT NULL,
	"provider_owned" boolean DEFAULT false NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"mamsl" double precision,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"country" text,
	"country_local" text,
	"country_id" text,
	"state" text,
	"state_local" text,
	"state_id" text,
	"city" text,
	"city_local" text,
	"city_id" text,
	"street" text,
	"street_local" text,
	"street_id" text,
	"number" text,
	"number_local" text,
	"number_id" text,
	"alternative_address1" text,
	"alternative_address2" text,
	"visible_by" text,
	"contact_full_name" text,
	"contact_email" text,
	"contact_phone_number" text,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"installation_request_id" integer,
	"measured" jsonb NOT NULL,
	"factors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"suspensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "installations_installation_id_unique" UNIQUE("installation_id")
);
--> statement-breakpoint
CREATE TABLE "measurement_summaries" (
	"sensor_id" integer PRIMARY KEY NOT NULL,
	"last_measurement_at" timestamp with time zone,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active_hours" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"theme" text DEFAULT 'light' NOT NULL,
	"selected_preset_id" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presets" (
	"user_id" integer NOT NULL,
	"id" integer NOT NULL,
	"name" text NOT NULL,
	"visibility" boolean DEFAULT true NOT NULL,
	"fields_values" jsonb,
	"position" integer NOT NULL,
	CONSTRAINT "presets_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "request_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "saved_queries" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"id" integer NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"visibility" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "saved_queries_user_id_kind_id_pk" PRIMARY KEY("user_id","kind","id")
);
--> statement-breakpoint
CREATE TABLE "sensor_tag_values" (
	"sensor_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"value" jsonb,
	CONSTRAINT "sensor_tag_values_sensor_id_tag_id_pk" PRIMARY KEY("sensor_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "sensors" (
	"id" serial PRIMARY KEY NOT NULL,
	"sensor_token" text NOT NULL,
	"communication" text NOT NULL,
	"status" text NOT NULL,
	"measured" jsonb NOT NULL,
	"contractor_id" integer,
	"current_installation_id" integer,
	"factors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"firmware_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	"last_measurement_at" timestamp with time zone,
	CONSTRAINT "sensors_sensor_token_unique" UNIQUE("sensor_token")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"email" text,
	"avatar" text,
	"password_hash" text,
	"oidc_subject" text,
	"role_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"context" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "updater_sensors" (
	"family" text NOT NULL,
	"sensor_id" integer NOT NULL,
	"version" text,
	"bank" integer,
	"status" text NOT NULL,
	"last_contact" timestamp with time zone,
	"last_updated" timestamp with time zone,
	"idle_until" timestamp with time zone,
	CONSTRAINT "updater_sensors_family_sensor_id_pk" PRIMARY KEY("family","sensor_id")
);
--> statement-breakpoint
CREATE TABLE "wifi_commits" (
	"hash" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"author" text NOT NULL,
	"branches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adp_access_definitions" ADD CONSTRAINT "adp_access_definitions_user_id_adp_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."adp_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adp_trials" ADD CONSTRAINT "adp_trials_user_id_adp_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."adp_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adp_users" ADD CONSTRAINT "adp_users_plan_name_adp_plans_name_fk" FOREIGN KEY ("plan_name") REFERENCES "public"."adp_plans"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adp_users" ADD CONSTRAINT "adp_users_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_users" ADD CONSTRAINT "api_users_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_tag_values" ADD CONSTRAINT "contractor_tag_values_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployment_sensors" ADD CONSTRAINT "deployment_sensors_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_requests" ADD CONSTRAINT "installation_requests_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_tag_values" ADD CONSTRAINT "installation_tag_values_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_summaries" ADD CONSTRAINT "measurement_summaries_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferences" ADD CONSTRAINT "preferences_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presets" ADD CONSTRAINT "presets_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_images" ADD CONSTRAINT "request_images_request_id_installation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."installation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_queries" ADD CONSTRAINT "saved_queries_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_tag_values" ADD CONSTRAINT "sensor_tag_values_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "updater_sensors" ADD CONSTRAINT "updater_sensors_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adp_users_email_idx" ON "adp_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "adp_users_contractor_idx" ON "adp_users" USING btree ("contractor_id");--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "api_users_contractor_idx" ON "api_users" USING btree ("contractor_id");--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_date");--> statement-breakpoint
CREATE INDEX "audit_logs_user_idx" ON "audit_logs" USING btree ("user_id","log_id");--> statement-breakpoint
CREATE INDEX "audit_logs_type_idx" ON "audit_logs" USING btree ("event_type","log_id");--> statement-breakpoint
CREATE INDEX "contractor_tag_values_tag_idx" ON "contractor_tag_values" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "contractors_name_idx" ON "contractors" USING btree ("name");--> statement-breakpoint
CREATE INDEX "contractors_type_idx" ON "contractors" USING btree ("type");--> statement-breakpoint
CREATE INDEX "deployment_sensors_sensor_idx" ON "deployment_sensors" USING btree ("sensor_id");--> statement-breakpoint
CREATE INDEX "deployments_family_idx" ON "deployments" USING btree ("family","id");--> statement-breakpoint
CREATE INDEX "firmware_binaries_version_idx" ON "firmware_binaries" USING btree ("family","version","created_at");--> statement-breakpoint
CREATE INDEX "installation_history_installation_idx" ON "installation_history" USING btree ("installation_id","id");--> statement-breakpoint
CREATE INDEX "installation_history_sensor_idx" ON "installation_history" USING btree ("sensor_id","id");--> statement-breakpoint
CREATE INDEX "installation_history_contractor_idx" ON "installation_history" USING btree ("contractor_id","id");--> statement-breakpoint
CREATE INDEX "installation_requests_state_idx" ON "installation_requests" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "installation_tag_values_tag_idx" ON "installation_tag_values" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "installations_sensor_idx" ON "installations" USING btree ("sensor_id");--> statement-breakpoint
CREATE INDEX "installations_contractor_idx" ON "installations" USING btree ("contractor_id");--> statement-breakpoint
CREATE INDEX "installations_visible_idx" ON "installations" USING btree ("is_visible","installation_id");--> statement-breakpoint
CREATE INDEX "installations_status_idx" ON "installations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "installations_city_idx" ON "installations" USING btree ("city");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "request_images_request_idx" ON "request_images" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "sensor_tag_values_tag_idx" ON "sensor_tag_values" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "sensors_status_idx" ON "sensors" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "sensors_communication_idx" ON "sensors" USING btree ("communication","id");--> statement-breakpoint
CREATE INDEX "sensors_contractor_idx" ON "sensors" USING btree ("contractor_id");--> statement-breakpoint
CREATE INDEX "sensors_installation_idx" ON "sensors" USING btree ("current_installation_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_name_lower_idx" ON "staff_users" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_oidc_subject_idx" ON "staff_users" USING btree ("oidc_subject");--> statement-breakpoint
CREATE INDEX "staff_users_role_idx" ON "staff_users" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_context_name_idx" ON "tags" USING btree ("context",lower("name"));