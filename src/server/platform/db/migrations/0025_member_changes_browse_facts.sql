-- An instance also keeps, with a session, what browse compares others with of its member (decision
-- 92): their age, gender, account type, interests, city, country and home. A change to any of them
-- tells the instances too, as a change to what the session answers does (migration 0023).
DROP TRIGGER "users_session_facts_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER users_session_facts_changed AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.email_verified_at IS DISTINCT FROM NEW.email_verified_at
    OR OLD.is_admin IS DISTINCT FROM NEW.is_admin OR OLD.is_banned IS DISTINCT FROM NEW.is_banned
    OR OLD.age IS DISTINCT FROM NEW.age OR OLD.gender IS DISTINCT FROM NEW.gender OR OLD.account_type IS DISTINCT FROM NEW.account_type
    OR OLD.interests IS DISTINCT FROM NEW.interests OR OLD.city IS DISTINCT FROM NEW.city OR OLD.country IS DISTINCT FROM NEW.country
    OR OLD.longitude IS DISTINCT FROM NEW.longitude OR OLD.latitude IS DISTINCT FROM NEW.latitude)
  EXECUTE FUNCTION notify_member_changed('id');
