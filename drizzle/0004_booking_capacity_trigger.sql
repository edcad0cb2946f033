-- Occupied spots of a group are its confirmed bookings. The database enforces the capacity
-- (at most 8, or the group's own lower capacity): a confirmation locks the group row, so two
-- parallel confirmations of the last seat are serialised and the second one fails with
-- check_violation on the constraint name "group_bookings_capacity" (the API answers 409).
CREATE OR REPLACE FUNCTION group_bookings_enforce_capacity() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  group_capacity integer;
  confirmed integer;
BEGIN
  IF NEW.status <> 'confirmed' OR NEW.group_id IS NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status = 'confirmed' AND OLD.group_id IS NOT DISTINCT FROM NEW.group_id THEN
    RETURN NEW;
  END IF;
  -- NO KEY UPDATE serialises confirmers without blocking the foreign-key checks of new requests.
  SELECT capacity INTO group_capacity FROM groups WHERE id = NEW.group_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN NEW;
  END IF;
  SELECT count(*) INTO confirmed FROM group_bookings
    WHERE group_id = NEW.group_id AND status = 'confirmed' AND id <> NEW.id;
  IF confirmed >= LEAST(group_capacity, 8) THEN
    RAISE EXCEPTION 'Il gruppo è al completo'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'group_bookings_capacity';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER group_bookings_capacity
  BEFORE INSERT OR UPDATE OF status, group_id ON group_bookings
  FOR EACH ROW EXECUTE FUNCTION group_bookings_enforce_capacity();
--> statement-breakpoint
-- Keeps groups.status in step with the seats (open <-> full; closed is left alone) and, when a
-- confirmed seat is freed (cancelled, moved, deleted), queues the job that e-mails the first
-- person on the waitlist. Whoever changes a booking (site, admin, SQL), the waitlist hears of it.
CREATE OR REPLACE FUNCTION group_bookings_seats_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  freed uuid;
  taken uuid;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'confirmed' AND OLD.group_id IS NOT NULL
     AND (TG_OP = 'DELETE' OR NEW.status <> 'confirmed' OR NEW.group_id IS DISTINCT FROM OLD.group_id) THEN
    freed := OLD.group_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'confirmed' AND NEW.group_id IS NOT NULL
     AND (TG_OP = 'INSERT' OR OLD.status <> 'confirmed' OR OLD.group_id IS DISTINCT FROM NEW.group_id) THEN
    taken := NEW.group_id;
  END IF;
  IF taken IS NOT NULL THEN
    UPDATE groups g SET status = 'full', updated_at = now()
      WHERE g.id = taken AND g.status = 'open'
        AND (SELECT count(*) FROM group_bookings b WHERE b.group_id = taken AND b.status = 'confirmed') >= LEAST(g.capacity, 8);
  END IF;
  IF freed IS NOT NULL THEN
    UPDATE groups SET status = 'open', updated_at = now() WHERE id = freed AND status = 'full';
    INSERT INTO jobs (type, payload) VALUES ('waitlist.seat-freed', jsonb_build_object('groupId', freed));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER group_bookings_seats_changed
  AFTER INSERT OR UPDATE OF status, group_id OR DELETE ON group_bookings
  FOR EACH ROW EXECUTE FUNCTION group_bookings_seats_changed();
