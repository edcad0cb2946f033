CREATE TABLE "call_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"phone" text NOT NULL,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_slots_range_check" CHECK ("call_slots"."starts_at" < "call_slots"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "group_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"group_id" uuid,
	"notified_at" timestamp with time zone,
	"notified_group_id" uuid,
	"notified_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_slots" ADD CONSTRAINT "call_slots_booking_id_group_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."group_bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_waitlist" ADD CONSTRAINT "group_waitlist_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_slots_starts_at_idx" ON "call_slots" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "group_waitlist_waiting_idx" ON "group_waitlist" USING btree ("email",coalesce("group_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "group_waitlist"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "group_waitlist_queue_idx" ON "group_waitlist" USING btree ("created_at");