-- Installation references become foreign keys to installations.id (the row id, not the business
-- number installation_id): a sensor's current installation (deleting it is refused), and the
-- installation's history snapshots and tag values (deleted with it).
-- Rows that already point at a missing installation cannot satisfy them and are unreachable
-- anyway (every read joins through installations): they are repaired first, as the constraints
-- would have — the dangling current-installation pointer is cleared, orphan snapshots and tag
-- values are deleted. The demo seed and the app never write such rows.
UPDATE "sensors" SET "current_installation_id" = NULL WHERE "current_installation_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "installations" i WHERE i."id" = "sensors"."current_installation_id");--> statement-breakpoint
DELETE FROM "installation_history" h WHERE NOT EXISTS (SELECT 1 FROM "installations" i WHERE i."id" = h."installation_id");--> statement-breakpoint
DELETE FROM "installation_tag_values" v WHERE NOT EXISTS (SELECT 1 FROM "installations" i WHERE i."id" = v."installation_id");--> statement-breakpoint
ALTER TABLE "installation_history" ADD CONSTRAINT "installation_history_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_tag_values" ADD CONSTRAINT "installation_tag_values_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_current_installation_id_installations_id_fk" FOREIGN KEY ("current_installation_id") REFERENCES "public"."installations"("id") ON DELETE restrict ON UPDATE no action;
