// The reference for the chat throughput: a minimal `ws` broadcast server. A frame sent on
// /ws/chat/{room} goes back, wrapped like our new_message event, to every socket of that room; no
// authentication, storage or bus.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const rooms = new Map();
const server = createServer();
const wss = new WebSocketServer({ server });
wss.on('connection', (socket, request) => {
  const room = request.url ?? '';
  let members = rooms.get(room);
  if (!members) rooms.set(room, (members = new Set()));
  members.add(socket);
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    const event = JSON.stringify({
      type: 'new_message',
      message: { client_message_id: frame.client_message_id, message_text: frame.text },
    });
    for (const member of members) member.send(event);
  });
  socket.on('close', () => members.delete(socket));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => {
  for (const socket of wss.clients) socket.terminate();
  server.close(() => process.exit(0));
});
