-- One meaning per reference column, enforced: every *_id that names a row of another table becomes
-- a foreign key to that row's id (see schema.ts for each ON DELETE choice).
--
-- installations.predecessor_id / successor_id hold installations.id (the row id), as the demo seed
-- always wrote them and GET /history/installations/{id} reads them. The reinstall route wrote the
-- BUSINESS numbers (installation_id) instead, on both sides of every reinstall: the new
-- installation's predecessor_id was the old one's installation_id and the old one's successor_id the
-- new one's installation_id. Read as row ids those point at another sensor's installation, or at
-- nothing. They are repaired here, before the constraints are added:
--
-- 1. For each installation, its predecessor is the installation of the SAME sensor, installed no
--    later, that predecessor_id names read as a row id, or failing that read as a business number
--    (its successor, likewise: installed no earlier). When both readings find one, the row id wins
--    unless the other reading is the one the reinstall wrote (the business-number installation's
--    own successor_id is this installation's business number, and the row-id one does not link
--    back). A link that finds no installation of the sensor either way is cleared.
-- 2. A side still empty is filled from the other side (A.successor = B ⇒ B.predecessor = A).
-- 3. The history snapshots of an installation carry the same two fields: values equal to the old
--    column value are rewritten to the repaired one.
-- Every decision is taken on the rows as they were before the migration (a temporary table).
CREATE TEMP TABLE "installation_link_fix" AS
SELECT
  i."id",
  i."predecessor_id" AS "old_predecessor",
  i."successor_id" AS "old_successor",
  CASE
    WHEN pr."id" IS NOT NULL
      AND (pb."id" IS NULL OR pr."successor_id" = i."id" OR pb."successor_id" IS DISTINCT FROM i."installation_id")
      THEN pr."id"
    ELSE pb."id"
  END AS "predecessor",
  CASE
    WHEN sr."id" IS NOT NULL
      AND (sb."id" IS NULL OR sr."predecessor_id" = i."id" OR sb."predecessor_id" IS DISTINCT FROM i."installation_id")
      THEN sr."id"
    ELSE sb."id"
  END AS "successor"
FROM "installations" i
LEFT JOIN "installations" pr ON pr."id" = i."predecessor_id" AND pr."sensor_id" = i."sensor_id"
  AND pr."id" <> i."id" AND pr."installation_date" <= i."installation_date"
LEFT JOIN "installations" pb ON pb."installation_id" = i."predecessor_id" AND pb."sensor_id" = i."sensor_id"
  AND pb."id" <> i."id" AND pb."installation_date" <= i."installation_date"
LEFT JOIN "installations" sr ON sr."id" = i."successor_id" AND sr."sensor_id" = i."sensor_id"
  AND sr."id" <> i."id" AND sr."installation_date" >= i."installation_date"
LEFT JOIN "installations" sb ON sb."installation_id" = i."successor_id" AND sb."sensor_id" = i."sensor_id"
  AND sb."id" <> i."id" AND sb."installation_date" >= i."installation_date"
WHERE i."predecessor_id" IS NOT NULL OR i."successor_id" IS NOT NULL;--> statement-breakpoint
CREATE TEMP TABLE "installation_link_final" AS
SELECT
  f."id",
  f."old_predecessor",
  f."old_successor",
  coalesce(f."predecessor", (SELECT o."id" FROM "installation_link_fix" o WHERE o."successor" = f."id" ORDER BY o."id" LIMIT 1)) AS "predecessor",
  coalesce(f."successor", (SELECT o."id" FROM "installation_link_fix" o WHERE o."predecessor" = f."id" ORDER BY o."id" DESC LIMIT 1)) AS "successor"
FROM "installation_link_fix" f
UNION ALL
-- An installation without links of its own that another one links to (its other side was cleared).
SELECT
  i."id",
  NULL,
  NULL,
  (SELECT o."id" FROM "installation_link_fix" o WHERE o."successor" = i."id" ORDER BY o."id" LIMIT 1),
  (SELECT o."id" FROM "installation_link_fix" o WHERE o."predecessor" = i."id" ORDER BY o."id" DESC LIMIT 1)
FROM "installations" i
WHERE i."predecessor_id" IS NULL AND i."successor_id" IS NULL
  AND EXISTS (SELECT 1 FROM "installation_link_fix" o WHERE o."successor" = i."id" OR o."predecessor" = i."id");--> statement-breakpoint
UPDATE "installation_history" h SET "snapshot" = jsonb_set(h."snapshot", '{predecessorId}', coalesce(to_jsonb(f."predecessor"), 'null'::jsonb))
FROM "installation_link_final" f
WHERE h."installation_id" = f."id" AND f."old_predecessor" IS NOT NULL AND f."predecessor" IS DISTINCT FROM f."old_predecessor"
  AND h."snapshot" -> 'predecessorId' = to_jsonb(f."old_predecessor");--> statement-breakpoint
UPDATE "installation_history" h SET "snapshot" = jsonb_set(h."snapshot", '{successorId}', coalesce(to_jsonb(f."successor"), 'null'::jsonb))
FROM "installation_link_final" f
WHERE h."installation_id" = f."id" AND f."old_successor" IS NOT NULL AND f."successor" IS DISTINCT FROM f."old_successor"
  AND h."snapshot" -> 'successorId' = to_jsonb(f."old_successor");--> statement-breakpoint
UPDATE "installations" i SET "predecessor_id" = f."predecessor", "successor_id" = f."successor"
FROM "installation_link_final" f
WHERE i."id" = f."id"
  AND (i."predecessor_id" IS DISTINCT FROM f."predecessor" OR i."successor_id" IS DISTINCT FROM f."successor");--> statement-breakpoint
DROP TABLE "installation_link_final";--> statement-breakpoint
DROP TABLE "installation_link_fix";--> statement-breakpoint
-- The other new constraints: rows that could not satisfy them are unreachable through the app (the
-- app never wrote them, except the outbox of deleted portal users): references to a missing row
-- are cleared where the column may be empty, and rows that belong to a missing row are deleted.
UPDATE "installations" SET "installation_request_id" = NULL WHERE "installation_request_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "installation_requests" r WHERE r."id" = "installations"."installation_request_id");--> statement-breakpoint
UPDATE "installation_history" h SET "sensor_id" = i."sensor_id" FROM "installations" i WHERE i."id" = h."installation_id" AND NOT EXISTS (SELECT 1 FROM "sensors" s WHERE s."id" = h."sensor_id");--> statement-breakpoint
UPDATE "installation_history" SET "contractor_id" = NULL WHERE "contractor_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "contractors" c WHERE c."id" = "installation_history"."contractor_id");--> statement-breakpoint
DELETE FROM "sensor_tag_values" v WHERE NOT EXISTS (SELECT 1 FROM "sensors" s WHERE s."id" = v."sensor_id");--> statement-breakpoint
DELETE FROM "contractor_tag_values" v WHERE NOT EXISTS (SELECT 1 FROM "contractors" c WHERE c."id" = v."contractor_id");--> statement-breakpoint
DELETE FROM "deployment_sensors" d WHERE NOT EXISTS (SELECT 1 FROM "sensors" s WHERE s."id" = d."sensor_id");--> statement-breakpoint
DELETE FROM "deployment_sensor_events" e WHERE NOT EXISTS (SELECT 1 FROM "sensors" s WHERE s."id" = e."sensor_id");--> statement-breakpoint
DELETE FROM "quarantined_sensors" q WHERE NOT EXISTS (SELECT 1 FROM "sensors" s WHERE s."id" = q."sensor_id");--> statement-breakpoint
UPDATE "quarantined_sensors" SET "deployment_id" = NULL WHERE "deployment_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "deployments" d WHERE d."id" = "quarantined_sensors"."deployment_id");--> statement-breakpoint
UPDATE "deployments" SET "created_by" = NULL WHERE "created_by" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "staff_users" u WHERE u."id" = "deployments"."created_by");--> statement-breakpoint
UPDATE "adp_outbox" SET "user_id" = NULL WHERE "user_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "adp_users" u WHERE u."id" = "adp_outbox"."user_id");--> statement-breakpoint
ALTER TABLE "adp_outbox" ADD CONSTRAINT "adp_outbox_user_id_adp_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."adp_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_tag_values" ADD CONSTRAINT "contractor_tag_values_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployment_sensor_events" ADD CONSTRAINT "deployment_sensor_events_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployment_sensors" ADD CONSTRAINT "deployment_sensors_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_history" ADD CONSTRAINT "installation_history_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_history" ADD CONSTRAINT "installation_history_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_predecessor_id_installations_id_fk" FOREIGN KEY ("predecessor_id") REFERENCES "public"."installations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_successor_id_installations_id_fk" FOREIGN KEY ("successor_id") REFERENCES "public"."installations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_installation_request_id_fk" FOREIGN KEY ("installation_request_id") REFERENCES "public"."installation_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quarantined_sensors" ADD CONSTRAINT "quarantined_sensors_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quarantined_sensors" ADD CONSTRAINT "quarantined_sensors_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_tag_values" ADD CONSTRAINT "sensor_tag_values_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;