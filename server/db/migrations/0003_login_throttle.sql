-- Password sign-in throttling (server/auth/throttle.ts): failed attempts per username and per client
-- address in a fixed window. Expired rows are deleted as new failures arrive (window_start index).
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_throttle_window_start_idx" ON "login_throttle" USING btree ("window_start");