-- 0018's NOTIFY made every transaction that queued an e-mail take PostgreSQL's one notification lock
-- at commit and hold it through the disk flush: questionnaires committed one at a time, never as a
-- group. The instance that committed wakes its own worker instead (after answering a write, after
-- a jobs tick); any instance's worker delivers any message, and the others still poll every 2 s.
DROP TRIGGER IF EXISTS email_outbox_queued ON email_outbox;
--> statement-breakpoint
DROP FUNCTION IF EXISTS email_outbox_notify();
