-- A statement that must not take effect (a questionnaire whose Idempotency-Key is already stored, or
-- whose anti-spam proof is already spent) calls this: the exception aborts the whole statement, so
-- none of its writes stay, and the server reads the reason (storeComposed in http.server.ts).
CREATE OR REPLACE FUNCTION insieme_refuse(reason text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = reason;
END
$$;
