CREATE TABLE "isee_revocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	"approved_by" text,
	"revoked_at" timestamp with time zone NOT NULL,
	"revoked_by" text,
	CONSTRAINT "isee_revocations_range_check" CHECK ("isee_revocations"."approved_at" <= "isee_revocations"."revoked_at")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payment_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "stripe_reference" text;--> statement-breakpoint
ALTER TABLE "isee_revocations" ADD CONSTRAINT "isee_revocations_booking_id_group_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."group_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "isee_revocations_booking_idx" ON "isee_revocations" USING btree ("booking_id");