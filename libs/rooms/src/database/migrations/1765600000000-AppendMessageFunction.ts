import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A final transcript stored in one round trip (it was seven: the message looked for, begin, the room's row locked,
 * the message looked for again, the seq moved, the line written, commit). The function does the same steps in the same order: the room's row
 * locked for the seq, then whether the message is stored already read afresh (each statement of a function sees
 * what committed before it), so a room's seqs keep no holes and no duplicates, and a resend gets its first seq.
 */
export class AppendMessageFunction1765600000000 implements MigrationInterface {
  name = 'AppendMessageFunction1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION rooms.append_message(p_id uuid, p_room uuid, p_message varchar, p_text text, p_lang varchar,
                                           p_at timestamptz, p_confidence real, p_level varchar, p_speaker varchar,
                                           p_speaker_name varchar, p_invited boolean, p_created timestamptz)
      RETURNS TABLE (o_outcome text, o_seq integer) LANGUAGE plpgsql AS $$
      DECLARE
        r_status varchar;
        r_last integer;
        stored integer;
      BEGIN
        SELECT r.status, r.last_seq INTO r_status, r_last FROM rooms.rooms r WHERE r.id = p_room FOR UPDATE;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'no-room'::text, NULL::integer;
          RETURN;
        END IF;
        SELECT m.seq INTO stored FROM rooms.message_logs m WHERE m.room_id = p_room AND m.message_id = p_message;
        IF FOUND THEN
          RETURN QUERY SELECT 'existing'::text, stored;
          RETURN;
        END IF;
        IF r_status <> 'active' THEN
          RETURN QUERY SELECT 'inactive'::text, NULL::integer;
          RETURN;
        END IF;
        -- A removed speaker's socket takes a moment to close; its token stops working at once, here as well.
        IF p_invited AND NOT EXISTS (SELECT 1 FROM rooms.room_speakers s WHERE s.id::text = p_speaker AND s.room_id = p_room) THEN
          RETURN QUERY SELECT 'no-speaker'::text, NULL::integer;
          RETURN;
        END IF;
        UPDATE rooms.rooms SET last_seq = r_last + 1, updated_at = p_created WHERE id = p_room;
        INSERT INTO rooms.message_logs (id, room_id, message_id, seq, text, source_language, message_timestamp, confidence,
                                        confidence_level, speaker_id, speaker_name, created_at)
        VALUES (p_id, p_room, p_message, r_last + 1, p_text, p_lang, p_at, p_confidence, p_level, p_speaker, p_speaker_name,
                p_created);
        RETURN QUERY SELECT 'stored'::text, r_last + 1;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION rooms.append_message`);
  }
}
