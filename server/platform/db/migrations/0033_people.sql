-- People: what a staff member sets on their profile (/user/options) beyond the columns of
-- staff_users, which notices reach them on which channel, and the one rule that says whether a
-- notice may be sent now. Written only by the people feature.

CREATE TABLE staff_profiles (
  staff_id      integer PRIMARY KEY REFERENCES staff_users(id) ON DELETE CASCADE,
  -- NULL: the browser's zone.
  time_zone     text,
  work_start    time NOT NULL DEFAULT '09:00',
  work_end      time NOT NULL DEFAULT '17:00',
  work_days     smallint[] NOT NULL DEFAULT '{1,2,3,4,5}',
  theme         text NOT NULL DEFAULT 'system' CHECK (theme IN ('light', 'dark', 'system')),
  landing_page  text NOT NULL DEFAULT '/home',
  -- Quiet hours in the person's zone; both NULL: none. quiet_from > quiet_to spans midnight.
  quiet_from    time,
  quiet_to      time,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (work_start < work_end),
  CHECK ((quiet_from IS NULL) = (quiet_to IS NULL))
);

-- Only what a person turned off (or back on) is stored: a missing row means on.
CREATE TABLE notification_preferences (
  staff_id integer NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
  event    text NOT NULL,
  channel  text NOT NULL CHECK (channel IN ('in_app', 'email')),
  enabled  boolean NOT NULL,
  PRIMARY KEY (staff_id, event, channel)
);

-- Whether a notice of this event may reach this person on this channel at this moment: security
-- notices always; otherwise not when they turned the event off on the channel, and an email not
-- within their quiet hours (read in their zone, UTC when they set none). The one copy of the rule:
-- features that insert notices in SQL call it in their WHERE, notificationAllowed() calls it too.
CREATE FUNCTION notification_allowed(p_user integer, p_event text, p_channel text, p_at timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT p_event = 'security' OR (
    NOT EXISTS (SELECT 1 FROM notification_preferences n
                 WHERE n.staff_id = p_user AND n.event = p_event AND n.channel = p_channel AND NOT n.enabled)
    AND NOT (p_channel = 'email' AND COALESCE((
      SELECT CASE WHEN p.quiet_from < p.quiet_to THEN l.t >= p.quiet_from AND l.t < p.quiet_to
                  ELSE l.t >= p.quiet_from OR l.t < p.quiet_to END
        FROM staff_profiles p
        CROSS JOIN LATERAL (SELECT (p_at AT TIME ZONE COALESCE(p.time_zone, 'UTC'))::time AS t) l
       WHERE p.staff_id = p_user AND p.quiet_from IS NOT NULL), false))
  )
$$;
