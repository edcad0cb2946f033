-- A queued e-mail wakes the outbox worker of every instance when its transaction commits (never
-- before, never for a rollback); one notification per transaction, however many rows it inserted.
CREATE FUNCTION email_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('email_outbox', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER email_outbox_queued AFTER INSERT ON email_outbox FOR EACH STATEMENT EXECUTE FUNCTION email_outbox_notify();
