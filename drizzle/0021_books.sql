CREATE TABLE "fiscal_data_requests" (
	"email" text PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_profiles" (
	"email" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"address_line" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"codice_fiscale" text NOT NULL,
	"ts_opposition" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_profiles_email_lower" CHECK ("fiscal_profiles"."email" = lower("fiscal_profiles"."email"))
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"issued_on" date NOT NULL,
	"payment_id" uuid,
	"refund_id" uuid,
	"corrects_invoice_id" uuid,
	"booking_id" uuid,
	"issuer" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"ts_opposition" boolean DEFAULT false NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"stamp_duty_cents" integer DEFAULT 0 NOT NULL,
	"stamp_duty_charged" boolean DEFAULT false NOT NULL,
	"total_cents" integer NOT NULL,
	"payment_method" text NOT NULL,
	"paid_on" date NOT NULL,
	"legacy" boolean DEFAULT false NOT NULL,
	"reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_document_check" CHECK (("invoices"."kind" = 'invoice' and "invoices"."payment_id" is not null and "invoices"."refund_id" is null) or ("invoices"."kind" = 'credit_note' and "invoices"."refund_id" is not null and "invoices"."corrects_invoice_id" is not null)),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_cents" > 0 and "invoices"."subtotal_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "practice_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text,
	"address_line" text,
	"postal_code" text,
	"city" text,
	"province" text,
	"partita_iva" text,
	"codice_fiscale" text,
	"tax_regime_note" text,
	"iban" text,
	"bic" text,
	"account_holder" text,
	"stamp_duty_charged" boolean DEFAULT false NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_settings_one_row" CHECK ("practice_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "kind" text DEFAULT 'refund' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_invoice_id_invoices_id_fk" FOREIGN KEY ("corrects_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_group_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."group_bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fiscal_profiles_codice_fiscale_idx" ON "fiscal_profiles" USING btree ("codice_fiscale");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_kind_year_sequence_idx" ON "invoices" USING btree ("kind","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_idx" ON "invoices" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_idx" ON "invoices" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "invoices_booking_idx" ON "invoices" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "invoices_issued_on_idx" ON "invoices" USING btree ("issued_on");--> statement-breakpoint
CREATE INDEX "invoices_paid_on_idx" ON "invoices" USING btree ("paid_on");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "refunds_invoice_idx" ON "refunds" USING btree ("invoice_id");--> statement-breakpoint
-- Receipts recorded before fiscal invoices existed become legacy invoices with the same numbers, so
-- the year's numbering goes on without a gap; their recipient is the payer's name as printed then.
INSERT INTO "invoices" ("kind", "number", "year", "sequence", "issued_on", "payment_id", "booking_id", "issuer", "recipient", "lines", "subtotal_cents", "total_cents", "payment_method", "paid_on", "legacy", "created_by", "created_at")
SELECT 'invoice', p."receipt_number", split_part(p."receipt_number", '-', 1)::int, split_part(p."receipt_number", '-', 2)::int,
  (p."paid_at" at time zone 'Europe/Rome')::date, p."id", p."booking_id",
  '{"name":"","addressLine":"","postalCode":"","city":"","province":"","codiceFiscale":"","partitaIva":"","taxRegimeNote":null,"iban":null,"accountHolder":null}'::jsonb,
  jsonb_build_object('name', p."payer_name", 'addressLine', '', 'postalCode', '', 'city', '', 'province', '', 'codiceFiscale', ''),
  jsonb_build_array(jsonb_build_object('description', 'Sedute di psicoterapia di gruppo', 'sessionStartsAt', null, 'therapist', null, 'amountCents', p."amount_cents")),
  p."amount_cents", p."amount_cents", p."method", (p."paid_at" at time zone 'Europe/Rome')::date, true, p."recorded_by", p."created_at"
FROM "payments" p;--> statement-breakpoint
INSERT INTO "invoice_counters" ("kind", "year", "last_number") SELECT 'invoice', "year", "last_number" FROM "receipt_counters";--> statement-breakpoint
DROP TABLE "receipt_counters" CASCADE;--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "receipt_number";--> statement-breakpoint
-- Money records are append-only: a payment, a correction or a document is never edited or deleted
-- (a mistake is corrected by a credit note). Only the erasure of a person's data may unlink them
-- (booking_id set to null by the foreign key), and a legacy refund may be linked to its invoice.
CREATE FUNCTION "insieme_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Registrazione contabile non cancellabile (%): si corregge con una nota di credito.', TG_TABLE_NAME USING ERRCODE = 'P0001';
  END IF;
  IF (to_jsonb(NEW) - 'booking_id' - 'invoice_id') IS DISTINCT FROM (to_jsonb(OLD) - 'booking_id' - 'invoice_id')
     OR (NEW."booking_id" IS NOT NULL AND NEW."booking_id" IS DISTINCT FROM OLD."booking_id") THEN
    RAISE EXCEPTION 'Registrazione contabile non modificabile (%): si corregge con una nota di credito.', TG_TABLE_NAME USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_append_only" BEFORE UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION "insieme_append_only"();--> statement-breakpoint
CREATE TRIGGER "refunds_append_only" BEFORE UPDATE OR DELETE ON "refunds" FOR EACH ROW EXECUTE FUNCTION "insieme_append_only"();--> statement-breakpoint
CREATE TRIGGER "invoices_append_only" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "insieme_append_only"();