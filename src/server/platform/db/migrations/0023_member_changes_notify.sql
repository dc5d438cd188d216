-- Each instance keeps the sessions it read lately (decision 91). These triggers tell every instance
-- (NOTIFY on rendezvous_member_changes with the member's id, sent when the transaction commits)
-- when one of a member's sessions ends or what a session answers of the member changes, whatever
-- code or script made the change, so that no instance answers from what it kept.
-- Its argument names the column that holds the member's id.
CREATE FUNCTION notify_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rendezvous_member_changes', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION notify_member_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER users_session_facts_changed AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.email_verified_at IS DISTINCT FROM NEW.email_verified_at
    OR OLD.is_admin IS DISTINCT FROM NEW.is_admin OR OLD.is_banned IS DISTINCT FROM NEW.is_banned)
  EXECUTE FUNCTION notify_member_changed('id');
--> statement-breakpoint
CREATE TRIGGER users_removed AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION notify_member_changed('id');
