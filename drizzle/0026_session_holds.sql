-- A cached session is confirmed in the first statement of the request's database work
-- (db/society-scope.ts sends these calls with the society scope's set_config, in the same round
-- trip): each raises SQLSTATE SD401 when the session is gone (signed out, revoked) or its account
-- is no longer in the state the cache holds, which aborts the transaction before anything is
-- written. SECURITY DEFINER (run as the tables' owner): society_app, the role that scoped work
-- runs as, may call them without reading the session tables. They answer only for a token hash
-- the caller already holds. Expiry is not checked here: the cache never serves an entry past the
-- session's expiry (lib/session-cache.ts, on the app's clock).

-- Staff: the session exists, the account is enabled, its sub-role is `p_sub_role` ('' for none),
-- and it is not held (temporary password, two-factor to enrol) unless the cache knew it was.
CREATE FUNCTION app_staff_session_holds(p_token_hash text, p_sub_role text, p_held boolean) RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM 1
    FROM staff_sessions s
    JOIN staff_users u ON u.id = s.staff_id
    JOIN societies so ON so.id = u.society_id
   WHERE s.token_hash = p_token_hash
     AND u.disabled_at IS NULL
     AND coalesce(u.sub_role, '') = p_sub_role
     AND (p_held OR NOT (u.temporary_password_until IS NOT NULL
                         OR (so.require_two_factor AND u.sub_role = 'super-admin' AND u.two_factor_enabled_at IS NULL)));
  IF NOT FOUND THEN
    RAISE EXCEPTION 'staff session no longer holds' USING ERRCODE = 'SD401';
  END IF;
  RETURN true;
END $$;--> statement-breakpoint

-- Residents: the token exists and the resident's status is `p_status`, or Approve where the cache
-- held Pending (approval only widens what the token may do).
CREATE FUNCTION app_resident_session_holds(p_token_hash text, p_status text) RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM 1
    FROM resident_sessions s
    JOIN residents r ON r.id = s.resident_id
   WHERE s.token_hash = p_token_hash
     AND (r.status = p_status OR (p_status = 'Pending' AND r.status = 'Approve'));
  IF NOT FOUND THEN
    RAISE EXCEPTION 'resident session no longer holds' USING ERRCODE = 'SD401';
  END IF;
  RETURN true;
END $$;--> statement-breakpoint

GRANT EXECUTE ON FUNCTION app_staff_session_holds(text, text, boolean) TO society_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_resident_session_holds(text, text) TO society_app;
