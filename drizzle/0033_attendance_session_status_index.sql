CREATE INDEX "attendance_session_status_idx" ON "attendance" USING btree ("session_id","status");
