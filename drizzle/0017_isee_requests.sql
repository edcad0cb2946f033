CREATE TABLE "isee_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "isee_requests" ADD CONSTRAINT "isee_requests_booking_id_group_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."group_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "isee_requests_open_idx" ON "isee_requests" USING btree ("booking_id") WHERE "isee_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "isee_requests_status_idx" ON "isee_requests" USING btree ("status","created_at");