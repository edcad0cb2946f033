CREATE TABLE "ledger_balances" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"attendances" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"reduced_sessions" integer DEFAULT 0 NOT NULL,
	"stamp_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"waiting_invoices" integer DEFAULT 0 NOT NULL,
	"isee_revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_booking_id_group_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."group_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "refunds_created_at_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
-- Recomputes the ledger_balances rows of `ids` from scratch. The charge rule is chargesFor's
-- (domain/ledger.ts): a meeting held as scheduled, the member present or absent without notice; the
-- first is the trial; a later one is reduced after the booking's ISEE approval or within a revoked
-- approval's period. The rows are locked first (in booking order) and the sums read after the lock,
-- in a statement of their own (a new snapshot): of two transactions touching one booking, the second
-- waits for the first and sums what it committed, so the older sums never stay behind.
CREATE FUNCTION "insieme_ledger_refresh"(ids uuid[]) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO "ledger_balances" ("booking_id")
  SELECT b."id" FROM "group_bookings" b WHERE b."id" = ANY(ids) ORDER BY b."id"
  ON CONFLICT ("booking_id") DO NOTHING;
  PERFORM 1 FROM "ledger_balances" WHERE "booking_id" = ANY(ids) ORDER BY "booking_id" FOR UPDATE;
  INSERT INTO "ledger_balances" AS l ("booking_id", "attendances", "sessions", "reduced_sessions", "stamp_cents", "paid_cents", "refunded_cents", "waiting_invoices", "isee_revoked_at")
  SELECT b."id",
    (SELECT count(*) FROM "attendance" a WHERE a."booking_id" = b."id"),
    coalesce(c."sessions", 0),
    coalesce(c."reduced", 0),
    (SELECT coalesce(sum(i."stamp_duty_cents"), 0) FROM "invoices" i WHERE i."booking_id" = b."id" AND i."kind" = 'invoice' AND i."stamp_duty_charged"),
    (SELECT coalesce(sum(p."amount_cents"), 0) FROM "payments" p WHERE p."booking_id" = b."id"),
    (SELECT coalesce(sum(r."amount_cents"), 0) FROM "refunds" r WHERE r."booking_id" = b."id"),
    (SELECT count(*) FROM "payments" p WHERE p."booking_id" = b."id" AND NOT EXISTS (SELECT 1 FROM "invoices" i WHERE i."payment_id" = p."id")),
    (SELECT max(v."revoked_at") FROM "isee_revocations" v WHERE v."booking_id" = b."id")
  FROM "group_bookings" b
  LEFT JOIN LATERAL (
    SELECT count(*) AS "sessions", count(*) FILTER (WHERE x."position" > 1 AND x."reduced") AS "reduced"
    FROM (
      SELECT row_number() OVER (ORDER BY s."starts_at", s."id") AS "position",
        (b."isee_approved_at" IS NOT NULL AND s."starts_at" > b."isee_approved_at")
          OR EXISTS (SELECT 1 FROM "isee_revocations" v WHERE v."booking_id" = b."id" AND s."starts_at" > v."approved_at" AND s."starts_at" < v."revoked_at") AS "reduced"
      FROM "attendance" a JOIN "group_sessions" s ON s."id" = a."session_id"
      WHERE a."booking_id" = b."id" AND s."status" = 'scheduled' AND a."status" IN ('present', 'absent_unnotified')
    ) x
  ) c ON true
  WHERE b."id" = ANY(ids)
  ON CONFLICT ("booking_id") DO UPDATE SET
    "attendances" = excluded."attendances", "sessions" = excluded."sessions", "reduced_sessions" = excluded."reduced_sessions",
    "stamp_cents" = excluded."stamp_cents", "paid_cents" = excluded."paid_cents", "refunded_cents" = excluded."refunded_cents",
    "waiting_invoices" = excluded."waiting_invoices", "isee_revoked_at" = excluded."isee_revoked_at";
END $$;--> statement-breakpoint
-- The statements that change what a booking owes refresh its row (statement triggers: one refresh of
-- the bookings a bulk insert touches, not one per row).
CREATE FUNCTION "insieme_ledger_by_booking"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "insieme_ledger_refresh"(ARRAY(SELECT DISTINCT "booking_id" FROM new_rows WHERE "booking_id" IS NOT NULL));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "insieme_ledger_refresh"(ARRAY(SELECT DISTINCT "booking_id" FROM old_rows WHERE "booking_id" IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "attendance_ledger_insert" AFTER INSERT ON "attendance" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "insieme_ledger_by_booking"();--> statement-breakpoint
CREATE TRIGGER "attendance_ledger_update" AFTER UPDATE ON "attendance" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "insieme_ledger_by_booking"();--> statement-breakpoint
CREATE TRIGGER "attendance_ledger_delete" AFTER DELETE ON "attendance" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "insieme_ledger_by_booking"();--> statement-breakpoint
CREATE TRIGGER "payments_ledger_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "insieme_ledger_by_booking"();--> statement-breakpoint
CREATE TRIGGER "refunds_ledger_insert" AFTER INSERT ON "refunds" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "insieme_ledger_by_booking"();--> statement-breakpoint
CREATE TRIGGER "invoices_ledger_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "insieme_ledger_by_booking"();--> statement-breakpoint
CREATE TRIGGER "isee_revocations_ledger_insert" AFTER INSERT ON "isee_revocations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "insieme_ledger_by_booking"();--> statement-breakpoint
-- A booking's ISEE approval changes its rate.
CREATE FUNCTION "insieme_ledger_by_isee"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "insieme_ledger_refresh"(ARRAY(
    SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."isee_approved_at" IS DISTINCT FROM o."isee_approved_at"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "group_bookings_ledger_update" AFTER UPDATE ON "group_bookings" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "insieme_ledger_by_isee"();--> statement-breakpoint
-- A meeting cancelled, moved or rescheduled changes what its members were charged.
CREATE FUNCTION "insieme_ledger_by_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "insieme_ledger_refresh"(ARRAY(
    SELECT DISTINCT a."booking_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" JOIN "attendance" a ON a."session_id" = n."id"
    WHERE n."status" IS DISTINCT FROM o."status" OR n."starts_at" IS DISTINCT FROM o."starts_at"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "group_sessions_ledger_update" AFTER UPDATE ON "group_sessions" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "insieme_ledger_by_session"();--> statement-breakpoint
-- Every booking that has a ledger today.
SELECT "insieme_ledger_refresh"(ARRAY(
  SELECT "booking_id" FROM "attendance" UNION SELECT "booking_id" FROM "payments" WHERE "booking_id" IS NOT NULL UNION SELECT "booking_id" FROM "refunds" WHERE "booking_id" IS NOT NULL));
