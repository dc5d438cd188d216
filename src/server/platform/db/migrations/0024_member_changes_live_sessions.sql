-- Only a live session's end is news to the instances (decision 91): the hourly prune deleting
-- sessions revoked over a week ago notifies nobody.
DROP TRIGGER "sessions_changed" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW WHEN (OLD.revoked_at IS NULL)
  EXECUTE FUNCTION notify_member_changed('user_id');
