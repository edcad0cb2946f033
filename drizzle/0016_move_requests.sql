CREATE TABLE "move_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"from_group_id" uuid,
	"preferred_group_id" uuid,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"to_group_id" uuid,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "move_requests" ADD CONSTRAINT "move_requests_booking_id_group_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."group_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_requests" ADD CONSTRAINT "move_requests_from_group_id_groups_id_fk" FOREIGN KEY ("from_group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_requests" ADD CONSTRAINT "move_requests_preferred_group_id_groups_id_fk" FOREIGN KEY ("preferred_group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_requests" ADD CONSTRAINT "move_requests_to_group_id_groups_id_fk" FOREIGN KEY ("to_group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "move_requests_open_idx" ON "move_requests" USING btree ("booking_id") WHERE "move_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "move_requests_status_idx" ON "move_requests" USING btree ("status","created_at");