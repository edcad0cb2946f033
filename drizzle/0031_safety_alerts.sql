CREATE TABLE "safety_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid,
	"email" text,
	"therapist_id" uuid,
	"source_id" uuid,
	"staff_acknowledged_at" timestamp with time zone,
	"staff_acknowledged_by" text,
	"staff_note" text,
	"therapist_acknowledged_at" timestamp with time zone,
	"therapist_note" text,
	"escalated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safety_alerts_staff_ack_check" CHECK (("safety_alerts"."staff_acknowledged_at" is null) = ("safety_alerts"."staff_note" is null)),
	CONSTRAINT "safety_alerts_therapist_ack_check" CHECK (("safety_alerts"."therapist_acknowledged_at" is null) = ("safety_alerts"."therapist_note" is null))
);
--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_booking_id_group_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."group_bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "safety_alerts_source_idx" ON "safety_alerts" USING btree ("kind","source_id");--> statement-breakpoint
CREATE INDEX "safety_alerts_open_idx" ON "safety_alerts" USING btree ("created_at") WHERE "safety_alerts"."staff_acknowledged_at" is null;--> statement-breakpoint
CREATE INDEX "safety_alerts_therapist_idx" ON "safety_alerts" USING btree ("therapist_id","created_at");