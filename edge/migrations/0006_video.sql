-- Video visits (issue 6): one gateway room per video consultation, created on
-- the first join and destroyed when the consultation finishes; and which device
-- of each party is in it (joining from a second device ends the first).
-- Valid on PostgreSQL 15 and PGlite.

create table video_rooms (
  consultation_id uuid primary key references consultations(id) on delete cascade,
  -- Index into JANUS_URL (or 0 for the edge's own Janus).
  gateway smallint not null,
  -- Janus VideoRoom ids are numbers; random below 2^53 so JavaScript keeps them exact.
  room_id bigint not null unique,
  -- The room's secret (destroy, kick); never sent to a browser.
  secret text not null,
  created_at timestamptz not null default now(),
  -- Set when the consultation finished and the room was destroyed.
  closed_at timestamptz
);

create table video_participants (
  consultation_id uuid not null references consultations(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  -- The device (session) holding the user's place in the room.
  session_id uuid not null references sessions(id) on delete cascade,
  -- The publisher id that device was told to use (kicked when it is replaced).
  participant_id bigint not null,
  joined_at timestamptz not null,
  -- Null while in the room.
  left_at timestamptz,
  primary key (consultation_id, user_id)
);
