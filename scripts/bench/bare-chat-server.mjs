// The reference for the chat capacity: a bare `ws` server that does the least a chat must do. A frame
// sent on /ws/chat/{room} is stored with one INSERT into PostgreSQL (a table shaped like our
// chat_messages, in the bench database, through a 10-connection pg Pool like ours), then sent, wrapped
// like our new_message event and serialized once, to every socket of that room. No authentication
// check (the sender is read from the token's payload, unverified), no read points, no bus.
import { createServer } from 'node:http';
import pg from 'pg';
import { WebSocketServer } from 'ws';

// The pool and session settings ours runs with (apps/api/src/db/database.ts): the same timeouts, no JIT
// compilation.
// Its sessions carry a name of their own, so the bench can count their CPU apart from ours.
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
  options: '-c jit=off',
  application_name: 'bench-bare-chat',
});
// Columns, defaults, indexes and checks of chat_messages (the unique client id included); no foreign keys.
await pool.query('create table if not exists bench_bare_chat_messages (like chat_messages including all)');

const senderOf = (token) => {
  try {
    return Number(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub) || null;
  } catch {
    return null;
  }
};

const rooms = new Map();
const server = createServer();
const wss = new WebSocketServer({ server });
wss.on('connection', (socket, request) => {
  const url = new URL(request.url ?? '/', 'http://bare');
  const roomId = Number(url.pathname.split('/').pop());
  const senderId = senderOf(url.searchParams.get('access_token') ?? '');
  let members = rooms.get(roomId);
  if (!members) rooms.set(roomId, (members = new Set()));
  members.add(socket);
  socket.on('message', async (data) => {
    const frame = JSON.parse(data.toString());
    try {
      const {
        rows: [row],
      } = await pool.query(
        `insert into bench_bare_chat_messages (chat_room_id, sender_user_id, message_text, message_type, client_message_id)
         values ($1, $2, $3, 'text', $4) returning id, created_at`,
        [roomId, senderId, frame.text, frame.client_message_id],
      );
      const event = JSON.stringify({
        type: 'new_message',
        message: {
          id: Number(row.id),
          chat_room_id: roomId,
          sender_id: `user:${senderId}`,
          message_text: frame.text,
          message_type: 'text',
          client_message_id: frame.client_message_id,
          created_at: row.created_at.toISOString(),
        },
      });
      for (const member of members) member.send(event);
    } catch (error) {
      socket.send(JSON.stringify({ type: 'message_failed', detail: String(error) }));
    }
  });
  socket.on('close', () => members.delete(socket));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => {
  for (const socket of wss.clients) socket.terminate();
  server.close(() => pool.end().then(() => process.exit(0)));
});
