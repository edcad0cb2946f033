CREATE TABLE "attendance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"status" text NOT NULL,
	"announced_at" timestamp with time zone,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"reason" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_closures_range_check" CHECK ("group_closures"."starts_on" <= "group_closures"."ends_on")
);
--> statement-breakpoint
CREATE TABLE "group_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"moved_to" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_sessions_time_check" CHECK ("group_sessions"."ends_at" > "group_sessions"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "video_url" text;--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_session_id_group_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."group_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_booking_id_group_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."group_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_closures" ADD CONSTRAINT "group_closures_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_moved_to_group_sessions_id_fk" FOREIGN KEY ("moved_to") REFERENCES "public"."group_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_session_booking_idx" ON "attendance" USING btree ("session_id","booking_id");--> statement-breakpoint
CREATE INDEX "attendance_booking_idx" ON "attendance" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_sessions_group_start_idx" ON "group_sessions" USING btree ("group_id","starts_at");--> statement-breakpoint
CREATE INDEX "group_sessions_starts_at_idx" ON "group_sessions" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "therapists" ADD CONSTRAINT "therapists_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapists" ADD CONSTRAINT "therapists_user_id_unique" UNIQUE("user_id");--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_video_url_check" CHECK ("groups"."video_url" is null or "groups"."video_url" like 'https://%');