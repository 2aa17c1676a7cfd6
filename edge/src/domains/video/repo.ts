/** SQL for video rooms and who is in them (edge/migrations/0006_video.sql). */
import type { Sql } from "../../db/connect.ts";
import type { GatewayRoom } from "../../platform/video/gateway.ts";

type RoomRow = { consultation_id: string; gateway: number; room_id: string | number; secret: string };
export type ParticipantRow = {
  user_id: string;
  session_id: string;
  participant_id: string | number;
  left_at: Date | null;
};

const toRoom = (r: RoomRow): GatewayRoom => ({ gateway: Number(r.gateway), roomId: Number(r.room_id), secret: r.secret });

export function createVideoRepo(sql: Sql) {
  return {
    async openRoom(consultationId: string): Promise<GatewayRoom | null> {
      const [row] = await sql<RoomRow[]>`
        select * from video_rooms where consultation_id = ${consultationId} and closed_at is null`;
      return row ? toRoom(row) : null;
    },

    /** Stores a new room unless one is there already; answers the stored one (ours or the other's). */
    async claimRoom(consultationId: string, room: GatewayRoom, now: Date): Promise<{ room: GatewayRoom; ours: boolean }> {
      const [inserted] = await sql<RoomRow[]>`
        insert into video_rooms (consultation_id, gateway, room_id, secret, created_at)
        values (${consultationId}, ${room.gateway}, ${room.roomId}, ${room.secret}, ${now})
        on conflict (consultation_id) do nothing
        returning *`;
      if (inserted) return { room: toRoom(inserted), ours: true };
      const [existing] = await sql<RoomRow[]>`select * from video_rooms where consultation_id = ${consultationId}`;
      return { room: toRoom(existing), ours: false };
    },

    /** Marks the room closed; answers it when it was open. */
    async closeRoom(consultationId: string, now: Date): Promise<GatewayRoom | null> {
      const [row] = await sql<RoomRow[]>`
        update video_rooms set closed_at = ${now}
        where consultation_id = ${consultationId} and closed_at is null returning *`;
      await sql`update video_participants set left_at = ${now} where consultation_id = ${consultationId} and left_at is null`;
      return row ? toRoom(row) : null;
    },

    async participants(consultationId: string): Promise<ParticipantRow[]> {
      return await sql<ParticipantRow[]>`
        select user_id, session_id, participant_id, left_at from video_participants where consultation_id = ${consultationId}`;
    },

    /** This user's place in the room is now this device's; answers the place as it was. */
    async enter(o: { consultationId: string; userId: string; sessionId: string; participantId: number; now: Date }): Promise<ParticipantRow | null> {
      const [before] = await sql<ParticipantRow[]>`
        select user_id, session_id, participant_id, left_at from video_participants
        where consultation_id = ${o.consultationId} and user_id = ${o.userId}`;
      await sql`
        insert into video_participants (consultation_id, user_id, session_id, participant_id, joined_at)
        values (${o.consultationId}, ${o.userId}, ${o.sessionId}, ${o.participantId}, ${o.now})
        on conflict (consultation_id, user_id) do update
          set session_id = excluded.session_id, participant_id = excluded.participant_id,
              joined_at = excluded.joined_at, left_at = null`;
      return before ?? null;
    },

    /** Leaves, if that device (participant id) still holds the place; answers whether it did. */
    async leave(o: { consultationId: string; userId: string; participantId: number | null; now: Date }): Promise<boolean> {
      const rows = await sql`
        update video_participants set left_at = ${o.now}
        where consultation_id = ${o.consultationId} and user_id = ${o.userId} and left_at is null
          and (${o.participantId}::bigint is null or participant_id = ${o.participantId}::bigint)
        returning 1`;
      return rows.length > 0;
    },
  };
}
export type VideoRepo = ReturnType<typeof createVideoRepo>;
