import type { ChatRole, OfferState } from '@teamhire/shared';
import { and, desc, eq, gt, inArray, isNull, lt, sql, type Placeholder } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import {
  chatFiles,
  chatMessages,
  chatRoomReads,
  chatRooms,
  guestUsers,
  offers,
  orderFiles,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index';
import { preparedStatement, qualified } from '../../db/sql';

export type RoomRow = typeof chatRooms.$inferSelect;

/** Who asks: a signed-in user or a guest, never both. */
export interface RoomVisitor {
  userId: number | null;
  guestId: number | null;
}

/**
 * The one statement of who may enter a room, over `chat_rooms` joined with its `teams` row: the
 * guest of a guest room; for a signed-in user the buyer, then the team's admin, then a member.
 * Every query that decides access selects this, so reading a room and writing into it can never
 * disagree. Null means no access.
 */
function roomRole({ userId, guestId }: RoomVisitor | { userId: Placeholder; guestId: Placeholder }) {
  return sql<ChatRole | null>`case
    when ${guestId}::int is not null then
      case when ${qualified(chatRooms.guestUserId)} = ${guestId}::int then 'guest' end
    when ${qualified(chatRooms.buyerId)} = ${userId}::int then 'buyer'
    when ${qualified(teams.adminId)} = ${userId}::int then 'admin'
    when exists (select 1 from ${teamMembers}
                 where ${qualified(teamMembers.teamId)} = ${qualified(chatRooms.teamId)}
                   and ${qualified(teamMembers.userId)} = ${userId}::int) then 'member'
  end`;
}

export async function findRoomWithTeam(db: DatabaseOrTransaction, roomId: number, visitor: RoomVisitor) {
  const [row] = await db
    .select({
      room: chatRooms,
      teamName: teams.name,
      teamAdminId: teams.adminId,
      teamActive: teams.isActive,
      role: roomRole(visitor),
    })
    .from(chatRooms)
    .innerJoin(teams, eq(teams.id, chatRooms.teamId))
    .where(eq(chatRooms.id, roomId));
  return row;
}

/** The room of a signed-in customer and a team, if they ever opened one (there is one at most). */
export async function findCustomerRoomId(db: DatabaseOrTransaction, teamId: number, buyerId: number) {
  const [row] = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(and(eq(chatRooms.teamId, teamId), eq(chatRooms.buyerId, buyerId)));
  return row?.id;
}

export async function findTeamForChat(db: DatabaseOrTransaction, teamId: number) {
  const [row] = await db
    .select({ id: teams.id, adminId: teams.adminId, isActive: teams.isActive, name: teams.name })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row;
}

export async function isTeamMember(db: DatabaseOrTransaction, teamId: number, userId: number) {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row !== undefined;
}

/** One room per customer and team: a second call (or a race) returns the existing room. */
export async function findOrCreateRoom(
  db: DatabaseOrTransaction,
  room: { teamId: number; buyerId?: number; guestUserId?: number },
): Promise<{ room: RoomRow; created: boolean }> {
  const [inserted] = await db.insert(chatRooms).values(room).onConflictDoNothing().returning();
  if (inserted) return { room: inserted, created: true };
  const [existing] = await db
    .select()
    .from(chatRooms)
    .where(
      and(
        eq(chatRooms.teamId, room.teamId),
        room.buyerId !== undefined
          ? eq(chatRooms.buyerId, room.buyerId)
          : eq(chatRooms.guestUserId, room.guestUserId!),
      ),
    );
  return { room: existing!, created: false };
}

const senderRole = sql<'buyer' | 'guest' | 'admin' | 'member'>`case
  when ${qualified(chatMessages.senderGuestId)} is not null then 'guest'
  when ${qualified(chatMessages.senderUserId)} = ${qualified(chatRooms.buyerId)} then 'buyer'
  when ${qualified(chatMessages.senderUserId)} = ${qualified(teams.adminId)} then 'admin'
  else 'member' end`;

function selectMessages(db: DatabaseOrTransaction) {
  return db
    .select({
      message: chatMessages,
      senderName: sql<string>`coalesce(${qualified(users.username)}, ${qualified(guestUsers.name)}, 'Former member')`,
      senderRole,
      file: chatFiles,
      offer: offers,
      teamName: teams.name,
    })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.chatRoomId))
    .innerJoin(teams, eq(teams.id, chatRooms.teamId))
    .leftJoin(users, eq(users.id, chatMessages.senderUserId))
    .leftJoin(guestUsers, eq(guestUsers.id, chatMessages.senderGuestId))
    .leftJoin(chatFiles, eq(chatFiles.id, chatMessages.fileId))
    .leftJoin(offers, eq(offers.messageId, chatMessages.id));
}
export type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

export async function findMessage(db: DatabaseOrTransaction, id: number) {
  const [row] = await selectMessages(db).where(eq(chatMessages.id, id));
  return row;
}

export async function findMessageByClientId(
  db: DatabaseOrTransaction,
  roomId: number,
  clientMessageId: string,
) {
  const [row] = await selectMessages(db).where(
    and(eq(chatMessages.chatRoomId, roomId), eq(chatMessages.clientMessageId, clientMessageId)),
  );
  return row;
}

/** Newest first from the database; the caller turns the page around. One extra row tells if more exist. */
export function listMessagesBefore(
  db: DatabaseOrTransaction,
  roomId: number,
  before: number | undefined,
  limit: number,
) {
  return selectMessages(db)
    .where(
      and(
        eq(chatMessages.chatRoomId, roomId),
        before === undefined ? undefined : lt(chatMessages.id, before),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit + 1);
}

export async function insertMessage(db: DatabaseOrTransaction, message: typeof chatMessages.$inferInsert) {
  const [row] = await db
    .insert(chatMessages)
    .values(message)
    .onConflictDoNothing()
    .returning({ id: chatMessages.id });
  return row?.id;
}

const placeholder = (name: string) => sql.placeholder(name);

interface StoredTextRow {
  buyer_id: number | null;
  guest_user_id: number | null;
  admin_id: number;
  role: ChatRole | null;
  message_id: string | number | null;
  message_created_at: Date | string | null;
  member_ids: number[];
}

/**
 * The statement of storeTextMessage, sent as a named prepared statement: a busy room sends it for
 * every message, and PostgreSQL planned its parts again each time (0.3-1.3 ms of the database's
 * CPU per message, more than the insert itself; decision 0067). It writes one row, the message: the
 * room's last activity and the sender's "read up to here" are read from the messages themselves
 * (`roomSummaries`), not written with each of them.
 */
const storeTextStatement = preparedStatement(
  'chat_store_text_message',
  sql`
    with access as (
      select chat_rooms.*, teams.admin_id, ${roomRole({ userId: placeholder('userId'), guestId: placeholder('guestId') })} as role
      from chat_rooms join teams on teams.id = chat_rooms.team_id
      where chat_rooms.id = ${placeholder('roomId')}
    ),
    inserted as (
      insert into chat_messages (chat_room_id, sender_user_id, sender_guest_id, message_text, message_type, client_message_id)
      select id, ${placeholder('userId')}::int, ${placeholder('guestId')}::int, ${placeholder('text')}, 'text', ${placeholder('clientMessageId')}::uuid
      from access where role is not null
      on conflict do nothing
      returning id, created_at
    )
    select a.buyer_id, a.guest_user_id, a.admin_id, a.role, i.id as message_id, i.created_at as message_created_at,
           array(select user_id from team_members where team_id = a.team_id order by user_id) as member_ids
    from access a left join inserted i on true
  `,
);

/** What storing a text message found: undefined when the room does not exist. */
export interface StoredTextMessage {
  /** Who of the room's own side hears of it in their inbox (the columns the broadcast needs, no more). */
  room: Pick<RoomRow, 'buyerId' | 'guestUserId'>;
  teamAdminId: number;
  teamMemberIds: number[];
  /** The sender's place in the room; null when they have none (refused, nothing stored). */
  role: ChatRole | null;
  /** Null when nothing was stored: no access, or a repeat of an already stored client id. */
  message: { id: number; createdAt: Date } | null;
}

/**
 * A text message in one statement, so a busy room costs one round trip and one commit per message:
 * the sender's access is checked against the room as it is now, the message stored (once per client
 * id), and what the broadcast needs (the room, its team admin and members) read back. The sender's
 * name is the participant's own (usernames and guest names do not change).
 */
export async function storeTextMessage(
  db: DatabaseOrTransaction,
  input: {
    roomId: number;
    senderUserId: number | null;
    senderGuestId: number | null;
    text: string;
    clientMessageId: string;
  },
): Promise<StoredTextMessage | undefined> {
  const result = (await storeTextStatement(db).execute({
    roomId: input.roomId,
    userId: input.senderUserId,
    guestId: input.senderGuestId,
    text: input.text,
    clientMessageId: input.clientMessageId,
  })) as { rows: StoredTextRow[] };
  const row = result.rows[0];
  if (!row) return undefined;
  const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));
  return {
    room: { buyerId: row.buyer_id, guestUserId: row.guest_user_id },
    teamAdminId: row.admin_id,
    teamMemberIds: row.member_ids,
    role: row.role,
    message:
      row.message_id === null || row.message_created_at === null
        ? null
        : {
            id: Number(row.message_id),
            createdAt: date(row.message_created_at),
          },
  };
}

export async function insertFile(db: DatabaseOrTransaction, file: typeof chatFiles.$inferInsert) {
  await db.insert(chatFiles).values(file);
}

export async function findFileWithRoom(db: DatabaseOrTransaction, fileId: string) {
  const [row] = await db.select().from(chatFiles).where(eq(chatFiles.id, fileId));
  return row;
}

/**
 * Reading never moves backwards: two tabs marking read in any order keep the furthest point. Nor
 * does it run ahead of the room: a point past the newest message would hide messages still to come.
 */
export async function markRead(
  db: DatabaseOrTransaction,
  roomId: number,
  reader: string,
  upToMessageId: number | undefined,
) {
  const newest = sql`(select coalesce(max(${qualified(chatMessages.id)}), 0) from ${chatMessages} where ${qualified(chatMessages.chatRoomId)} = ${roomId})`;
  const latest = upToMessageId === undefined ? newest : sql`least(${upToMessageId}, ${newest})`;
  await db
    .insert(chatRoomReads)
    .values({ chatRoomId: roomId, reader, lastReadMessageId: latest })
    .onConflictDoUpdate({
      target: [chatRoomReads.chatRoomId, chatRoomReads.reader],
      set: {
        lastReadMessageId: sql`greatest(${qualified(chatRoomReads.lastReadMessageId)}, excluded.last_read_message_id)`,
        updatedAt: new Date(),
      },
    });
}

export interface Viewer {
  reader: string;
  userId: number | null;
  guestId: number | null;
}

/**
 * Room summaries with unread counts and the last message, for a whole inbox in one statement.
 * `scope` chooses the rooms: a viewer's own (as buyer or guest, or through their teams), or one team's.
 */
export async function roomSummaries(
  db: DatabaseOrTransaction,
  viewer: Viewer,
  scope: { kind: 'viewer' } | { kind: 'team'; teamId: number },
) {
  const rooms =
    scope.kind === 'team'
      ? sql`r.team_id = ${scope.teamId}`
      : viewer.userId !== null
        ? sql`(r.buyer_id = ${viewer.userId} or r.team_id in (select team_id from team_members where user_id = ${viewer.userId}))`
        : sql`r.guest_user_id = ${viewer.guestId}`;
  const self = (alias: string) =>
    viewer.userId !== null
      ? sql`${sql.raw(alias)}.sender_user_id = ${viewer.userId}`
      : sql`${sql.raw(alias)}.sender_guest_id = ${viewer.guestId}`;
  const result = await db.execute<{
    chat_room_id: number;
    team_id: number;
    team_name: string;
    buyer_name: string;
    status: 'active' | 'archived';
    unread_count: number;
    last_message_text: string | null;
    last_message_at: Date | null;
    created_at: Date;
    profile_picture_url: string | null;
    latest_offer: { id: number; title: string; price_cents: number; state: OfferState } | null;
  }>(sql`
    select r.id as chat_room_id, r.team_id, t.name as team_name,
           coalesce(b.username, g.name) as buyer_name, r.status,
           (select count(*)::int from chat_messages m
             where m.chat_room_id = r.id and m.id > seen.up_to
               and not coalesce(${self('m')}, false)) as unread_count,
           last.message_text as last_message_text, last.created_at as last_message_at, r.created_at,
           case when r.buyer_id = ${viewer.userId} or r.guest_user_id = ${viewer.guestId}
                then a.profile_picture_url else b.profile_picture_url end as profile_picture_url,
           (select json_build_object('id', o.id, 'title', o.title, 'price_cents', o.price_cents, 'state', o.state)
              from offers o where o.chat_room_id = r.id order by o.id desc limit 1) as latest_offer
    from chat_rooms r
    join teams t on t.id = r.team_id
    join users a on a.id = t.admin_id
    left join users b on b.id = r.buyer_id
    left join guest_users g on g.id = r.guest_user_id
    left join lateral (
      select message_text, created_at from chat_messages
      where chat_room_id = r.id order by id desc limit 1
    ) last on true
    -- Read up to: the reader's read point, or their own latest message after it (answering means
    -- having read what came before). Only the messages after the read point are looked at.
    left join lateral (
      select greatest(p.point, coalesce((select max(o.id) from chat_messages o
                                          where o.chat_room_id = r.id and o.id > p.point
                                            and coalesce(${self('o')}, false)), 0)) as up_to
      from (select coalesce((select last_read_message_id from chat_room_reads
                             where chat_room_id = r.id and reader = ${viewer.reader}), 0) as point) p
    ) seen on true
    where ${rooms}
    order by coalesce(last.created_at, r.created_at) desc, r.id desc
    limit 200
  `);
  return result.rows;
}

export async function insertGuest(db: DatabaseOrTransaction, guest: typeof guestUsers.$inferInsert) {
  const [row] = await db.insert(guestUsers).values(guest).returning();
  return row!;
}

export async function findGuestBySessionHash(db: DatabaseOrTransaction, tokenHash: string) {
  const [row] = await db.select().from(guestUsers).where(eq(guestUsers.sessionTokenHash, tokenHash));
  return row;
}

/** The guest's rooms and messages become the new account's; the guest session ends. */
/**
 * Ends the guest session for the account, only while it is still live; the row lock makes parallel
 * upgrades of one guest wait for each other, and every one after the first finds it ended.
 */
export async function claimGuestForUpgrade(db: DatabaseOrTransaction, guestId: number, userId: number) {
  const [row] = await db
    .update(guestUsers)
    .set({ upgradedUserId: userId, expiresAt: new Date() })
    .where(
      and(
        eq(guestUsers.id, guestId),
        isNull(guestUsers.upgradedUserId),
        gt(guestUsers.expiresAt, new Date()),
      ),
    )
    .returning({ id: guestUsers.id });
  return row !== undefined;
}

export async function transferGuest(db: DatabaseOrTransaction, guestId: number, userId: number) {
  await db
    .update(chatRooms)
    .set({ buyerId: userId, guestUserId: null })
    .where(eq(chatRooms.guestUserId, guestId));
  await db
    .update(chatMessages)
    .set({ senderUserId: userId, senderGuestId: null })
    .where(eq(chatMessages.senderGuestId, guestId));
  await db
    .update(chatRoomReads)
    .set({ reader: `user:${userId}` })
    .where(eq(chatRoomReads.reader, `guest:${guestId}`));
  await db
    .update(guestUsers)
    .set({ upgradedUserId: userId, expiresAt: new Date() })
    .where(eq(guestUsers.id, guestId));
}

export async function teamMemberIds(db: DatabaseOrTransaction, teamId: number) {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  return rows.map((row) => row.userId);
}

type Sender = { userId: number | null; guestId: number | null };

/**
 * Bytes the sender has stored against the one upload quota: the files of their chat messages (a
 * guest's follow them to the account) and, for a user, the files they uploaded to orders.
 */
export async function storedBytes(db: DatabaseOrTransaction, sender: Sender): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${chatFiles.sizeBytes}), 0)` })
    .from(chatFiles)
    .innerJoin(chatMessages, eq(chatMessages.fileId, chatFiles.id))
    .where(
      sender.guestId !== null
        ? eq(chatMessages.senderGuestId, sender.guestId)
        : eq(chatMessages.senderUserId, sender.userId ?? 0),
    );
  const chatBytes = Number(row?.total ?? 0);
  if (sender.userId === null) return chatBytes;
  const [orders] = await db
    .select({ total: sql<string>`coalesce(sum(${orderFiles.sizeBytes}), 0)` })
    .from(orderFiles)
    .where(eq(orderFiles.uploaderId, sender.userId));
  return chatBytes + Number(orders?.total ?? 0);
}

/**
 * The same, holding the sender's quota lock until the transaction ends, so that two uploads at once
 * cannot both fit in the same free space.
 */
export async function lockedStoredBytes(transaction: DatabaseOrTransaction, sender: Sender): Promise<number> {
  const key = sender.guestId !== null ? `guest:${sender.guestId}` : `user:${sender.userId ?? 0}`;
  await transaction.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-quota:${key}`}))`);
  return storedBytes(transaction, sender);
}

/**
 * Locks the guest sessions that ended before `now` (expired, or ended by an upgrade) and returns
 * them with the rooms still theirs. An upgrade under way holds its guest's row, so a room it is
 * moving to the new account is either already moved when this reads it or not touched at all.
 */
export async function lockEndedGuests(db: DatabaseOrTransaction, now: Date) {
  const guests = await db
    .select({ id: guestUsers.id })
    .from(guestUsers)
    .where(lt(guestUsers.expiresAt, now))
    .for('update');
  if (guests.length === 0) return { guestIds: [], roomIds: [] };
  const guestIds = guests.map((guest) => guest.id);
  const rooms = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(inArray(chatRooms.guestUserId, guestIds));
  return { guestIds, roomIds: rooms.map((room) => room.id) };
}

/** Deletes guests; their rooms, with the rooms' messages, files and read marks, go with them. */
export async function deleteGuests(db: DatabaseOrTransaction, guestIds: number[]) {
  if (guestIds.length > 0) await db.delete(guestUsers).where(inArray(guestUsers.id, guestIds));
}
