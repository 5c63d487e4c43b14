-- A staff member's avatar (docs/adr/0241): the picture they uploaded on their profile, stored by the
-- one upload path (re-encoded, metadata stripped) with a small square thumbnail. One row a person;
-- replacing it rewrites the row in one statement, so the previous picture stays until the new one
-- is in place. `version` is drawn anew for every upload (never reused, a removal included) and is
-- what an avatar's address carries, so the picture can be cached for long and a new one shows at once.
CREATE SEQUENCE staff_avatar_versions AS integer;
CREATE TABLE staff_avatars (
  staff_id integer PRIMARY KEY REFERENCES staff_users(id) ON DELETE CASCADE,
  storage_key text NOT NULL,
  thumbnail_key text NOT NULL,
  mime_type text NOT NULL CHECK (mime_type IN ('image/png', 'image/jpeg', 'image/webp')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  sha256 text NOT NULL,
  version integer NOT NULL DEFAULT nextval('staff_avatar_versions'),
  updated_at timestamptz NOT NULL
);
