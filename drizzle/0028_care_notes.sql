CREATE TABLE "care_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"booking_id" uuid,
	"therapist_id" uuid NOT NULL,
	"body" jsonb NOT NULL,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_note_addenda" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"therapist_id" uuid NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_notes" ADD CONSTRAINT "care_notes_session_id_group_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."group_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_notes" ADD CONSTRAINT "care_notes_booking_id_group_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."group_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_notes" ADD CONSTRAINT "care_notes_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_note_addenda" ADD CONSTRAINT "care_note_addenda_note_id_care_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."care_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_note_addenda" ADD CONSTRAINT "care_note_addenda_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_notes_session_booking_idx" ON "care_notes" USING btree ("session_id","booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "care_notes_session_group_idx" ON "care_notes" USING btree ("session_id") WHERE "care_notes"."booking_id" is null;--> statement-breakpoint
CREATE INDEX "care_notes_booking_idx" ON "care_notes" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "care_note_addenda_note_idx" ON "care_note_addenda" USING btree ("note_id","created_at");--> statement-breakpoint
-- The clinical record's lock (decision: docs/decisions, signing and lock). A note is open until its author signs it or
-- 72 hours have passed since its meeting ended; from then on only a re-encryption (`npm run keys:rotate`, which sets
-- insieme.reencrypt) may rewrite its body. Rows are deleted only by an erasure (insieme.erasure), never otherwise.
CREATE FUNCTION "insieme_care_note_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  meeting_end timestamptz;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF coalesce(current_setting('insieme.erasure', true), '') = 'on' THEN RETURN OLD; END IF;
    RAISE EXCEPTION 'Nota clinica non cancellabile (%).', TG_TABLE_NAME USING ERRCODE = 'P0001';
  END IF;
  IF coalesce(current_setting('insieme.reencrypt', true), '') = 'on' AND (to_jsonb(NEW) - 'body') = (to_jsonb(OLD) - 'body') THEN
    RETURN NEW;
  END IF;
  IF TG_TABLE_NAME = 'care_note_addenda' THEN
    RAISE EXCEPTION 'Integrazione non modificabile: se ne aggiunge una nuova.' USING ERRCODE = 'P0001';
  END IF;
  SELECT "ends_at" INTO meeting_end FROM "group_sessions" WHERE "id" = OLD."session_id";
  IF OLD."signed_at" IS NOT NULL OR meeting_end + interval '72 hours' <= now() THEN
    RAISE EXCEPTION 'Nota clinica firmata: si modifica solo con un''integrazione datata.' USING ERRCODE = 'P0001';
  END IF;
  IF NEW."session_id" IS DISTINCT FROM OLD."session_id" OR NEW."booking_id" IS DISTINCT FROM OLD."booking_id"
     OR NEW."therapist_id" IS DISTINCT FROM OLD."therapist_id" OR NEW."created_at" IS DISTINCT FROM OLD."created_at" THEN
    RAISE EXCEPTION 'Nota clinica: autore, incontro e persona non si cambiano.' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "care_notes_lock" BEFORE UPDATE OR DELETE ON "care_notes" FOR EACH ROW EXECUTE FUNCTION "insieme_care_note_lock"();--> statement-breakpoint
CREATE TRIGGER "care_note_addenda_append_only" BEFORE UPDATE OR DELETE ON "care_note_addenda" FOR EACH ROW EXECUTE FUNCTION "insieme_care_note_lock"();
