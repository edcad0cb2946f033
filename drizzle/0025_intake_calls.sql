CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "intake_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"therapist_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"phone" text NOT NULL,
	"booking_id" uuid,
	"status" text DEFAULT 'booked' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intake_calls_range_check" CHECK ("intake_calls"."starts_at" < "intake_calls"."ends_at"),
	CONSTRAINT "intake_calls_cancelled_check" CHECK (("intake_calls"."status" = 'cancelled') = ("intake_calls"."cancelled_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "therapist_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"therapist_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "therapist_availability_weekday_check" CHECK ("therapist_availability"."weekday" between 1 and 7),
	CONSTRAINT "therapist_availability_range_check" CHECK (0 <= "therapist_availability"."start_minute" and "therapist_availability"."start_minute" < "therapist_availability"."end_minute" and "therapist_availability"."end_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "therapist_availability_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"therapist_id" uuid NOT NULL,
	"on_date" date NOT NULL,
	"kind" text NOT NULL,
	"start_minute" smallint,
	"end_minute" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "therapist_exceptions_shape_check" CHECK (("therapist_availability_exceptions"."kind" = 'off' and "therapist_availability_exceptions"."start_minute" is null and "therapist_availability_exceptions"."end_minute" is null) or ("therapist_availability_exceptions"."kind" = 'extra' and 0 <= "therapist_availability_exceptions"."start_minute" and "therapist_availability_exceptions"."start_minute" < "therapist_availability_exceptions"."end_minute" and "therapist_availability_exceptions"."end_minute" <= 1440))
);
--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "call_room_url" text;--> statement-breakpoint
ALTER TABLE "intake_calls" ADD CONSTRAINT "intake_calls_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_calls" ADD CONSTRAINT "intake_calls_booking_id_group_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."group_bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_availability" ADD CONSTRAINT "therapist_availability_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_availability_exceptions" ADD CONSTRAINT "therapist_availability_exceptions_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intake_calls_therapist_idx" ON "intake_calls" USING btree ("therapist_id","starts_at");--> statement-breakpoint
CREATE INDEX "intake_calls_starts_at_idx" ON "intake_calls" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "intake_calls_email_idx" ON "intake_calls" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "therapist_availability_therapist_idx" ON "therapist_availability" USING btree ("therapist_id","weekday");--> statement-breakpoint
CREATE INDEX "therapist_exceptions_therapist_idx" ON "therapist_availability_exceptions" USING btree ("therapist_id","on_date");--> statement-breakpoint
ALTER TABLE "therapists" ADD CONSTRAINT "therapists_call_room_url_check" CHECK ("therapists"."call_room_url" is null or "therapists"."call_room_url" like 'https://%');--> statement-breakpointALTER TABLE "intake_calls" ADD CONSTRAINT "intake_calls_no_overlap" EXCLUDE USING gist ("therapist_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" = 'booked');--> statement-breakpoint
ALTER TABLE "therapist_availability" ADD CONSTRAINT "therapist_availability_no_overlap" EXCLUDE USING gist ("therapist_id" WITH =, "weekday" WITH =, int4range("start_minute", "end_minute") WITH &&);--> statement-breakpoint
INSERT INTO "intake_calls" ("id", "starts_at", "ends_at", "email", "name", "phone", "booking_id", "created_at", "updated_at")
  SELECT "id", "starts_at", "ends_at", "email", "name", "phone", "booking_id", "created_at", "created_at" FROM "call_slots";--> statement-breakpoint
DROP TABLE "call_slots" CASCADE;
