-- The pair of members a block and a booking request between them share (decision 74).
-- The advisory lock's key of a pair, the same whichever member is named first.
CREATE FUNCTION block_pair_key(a uuid, b uuid) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT hashtext(least(a::text, b::text) || greatest(a::text, b::text))
$$;
--> statement-breakpoint
-- Whether a booking request between the two may go on: it takes the pair's lock, shared, unless a
-- block holds it, and then finds no block either way. VOLATILE, so that under READ COMMITTED its
-- look at blocks takes a snapshot of its own, after the lock: a block that committed after the
-- calling statement began is seen, where the statement's own snapshot would miss it.
CREATE FUNCTION block_pair_open(lock_class integer, a uuid, b uuid) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock_shared(lock_class, block_pair_key(a, b)) THEN
    RETURN false;
  END IF;
  RETURN NOT EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = a AND blocked_id = b) OR (blocker_id = b AND blocked_id = a));
END
$$;
