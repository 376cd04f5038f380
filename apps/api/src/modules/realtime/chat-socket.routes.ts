import type { WebSocket } from '@fastify/websocket';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHAT_TEXTS, clientEventSchema, WS_CLOSE, type ServerEvent } from '@teamhire/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import {
  participantChannel,
  roomAccess,
  roomChannel,
  sendMessage,
  type ChatContext,
} from '../chat/chat.service';
import { createParticipants, type Participant } from '../chat/participants';

/** A socket whose unsent data passes this is too slow to keep up; it is dropped, not buffered forever. */
const SLOW_READER_BYTES = 1024 * 1024;
/** Frames a client may send: a burst of 20, refilled at 10 per second. */
const FRAME_BURST = 20;
const FRAMES_PER_SECOND = 10;

const socketQuerySchema = z.object({
  access_token: z.string().max(4096).optional(),
  guest_token: z.string().max(200).optional(),
});

function send(socket: WebSocket, event: ServerEvent): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > SLOW_READER_BYTES) {
    socket.terminate();
    return;
  }
  socket.send(JSON.stringify(event));
}

function frameBudget() {
  let tokens = FRAME_BURST;
  let refilledAt = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(FRAME_BURST, tokens + ((now - refilledAt) / 1000) * FRAMES_PER_SECOND);
    refilledAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/**
 * The same origin as the page, against cross-site WebSocket hijacking: a browser always sends Origin on a WebSocket, and a page
 * elsewhere cannot make it match this server's public address or the host it connected to.
 */
function originAllowed(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (!origin) return false;
  if (origin === new URL(publicUrl).origin) return true;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

type FrameHandler = (data: Buffer, isBinary: boolean) => void;

/**
 * Listens from the first moment: a client may send as soon as the socket opens, while the server is
 * still checking who it is. Frames that arrive meanwhile wait (a bounded few) and are handled in order.
 */
function earlyFrames(socket: WebSocket, log: { debug(object: object, message: string): void }) {
  const waiting: [Buffer, boolean][] = [];
  let handler: FrameHandler | undefined;
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (handler) handler(data, isBinary);
    else if (waiting.length < FRAME_BURST) waiting.push([data, isBinary]);
    else socket.close(WS_CLOSE.policy, 'Too many messages');
  });
  // A frame over the limit or a broken connection: the socket closes itself; nothing to report loudly.
  socket.on('error', (error: Error) => log.debug({ err: error }, 'socket error'));
  return (next: FrameHandler) => {
    handler = next;
    for (const [data, isBinary] of waiting.splice(0)) next(data, isBinary);
  };
}

export const chatSocketRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context: ChatContext = { db: deps.db, bus: deps.bus, limiter: deps.limiter };
  const participants = createParticipants(deps.db, deps.authenticator);

  /** Tokens ride in the query string because browsers cannot set headers on a WebSocket; logs keep only the path. */
  async function identify(query: z.infer<typeof socketQuerySchema>): Promise<Participant | undefined> {
    try {
      if (query.access_token) {
        const actor = await deps.authenticator.actorFromToken(query.access_token);
        return { kind: 'user', id: actor.id, name: actor.username, actor };
      }
      if (query.guest_token) return await participants.guestFromToken(query.guest_token);
    } catch (error) {
      if (error instanceof AppError && error.code === 'unauthorized') return undefined;
      throw error;
    }
    return undefined;
  }

  const refuseForeignOrigin = async (
    request: { headers: Record<string, string | string[] | undefined> },
    reply: { status(code: number): { send(body: unknown): unknown } },
  ) => {
    const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
    const host = typeof request.headers.host === 'string' ? request.headers.host : undefined;
    if (!originAllowed(origin, host, deps.config.publicUrl)) {
      return reply.status(403).send({ detail: 'This origin may not open a realtime connection' });
    }
  };

  app.get(
    '/ws/chat/:chatRoomId',
    {
      websocket: true,
      preValidation: refuseForeignOrigin,
      schema: {
        hide: true,
        params: z.object({ chatRoomId: z.coerce.number().int().positive().max(2_147_483_647) }),
        querystring: socketQuerySchema,
      },
    },
    async (socket, request) => {
      const handleFrames = earlyFrames(socket, request.log);
      const roomId = request.params.chatRoomId;
      const participant = await identify(request.query);
      if (!participant) {
        socket.close(WS_CLOSE.unauthenticated, 'Not authenticated');
        return;
      }
      try {
        await roomAccess(deps.db, participant, roomId);
      } catch (error) {
        const code =
          error instanceof AppError && error.code === 'not_found' ? WS_CLOSE.notFound : WS_CLOSE.forbidden;
        socket.close(code, code === WS_CLOSE.notFound ? 'Chat room not found' : 'Access denied');
        return;
      }
      const me = `${participant.kind}:${participant.id}`;
      const unsubscribe = deps.bus.subscribe(roomChannel(roomId), (event) => send(socket, event));
      // Joined means: from now on nothing said in the room, on any instance, passes this socket by.
      await deps.bus.whenSubscribed(roomChannel(roomId));
      if (socket.readyState !== socket.OPEN) {
        unsubscribe();
        return;
      }
      void deps.bus.publish(roomChannel(roomId), {
        type: 'user_joined',
        user_id: me,
        name: participant.name,
      });
      const withinBudget = frameBudget();

      handleFrames((data, isBinary) => {
        if (!withinBudget()) {
          socket.close(WS_CLOSE.policy, 'Too many messages');
          return;
        }
        let parsed: ReturnType<typeof clientEventSchema.safeParse>;
        try {
          parsed = clientEventSchema.safeParse(isBinary ? undefined : JSON.parse(data.toString()));
        } catch {
          return;
        }
        if (!parsed.success) return;
        const event = parsed.data;
        if (event.type === 'ping') send(socket, { type: 'pong', at: Date.now() });
        else if (event.type === 'typing') {
          void deps.bus.publish(roomChannel(roomId), {
            type: 'typing_status',
            user_id: me,
            name: participant.name,
            is_typing: event.is_typing,
          });
        } else {
          // Stored and broadcast exactly like a REST send; the sender is the socket's participant.
          sendMessage(context, participant, roomId, {
            message_text: event.text,
            client_message_id: event.client_message_id,
          }).catch((error: unknown) => {
            request.log.warn({ err: error }, 'a realtime message was not stored');
            // The sender must know, to show it and send again; a refusal says why, anything else not.
            const refused = error instanceof AppError;
            send(socket, {
              type: 'message_failed',
              client_message_id: event.client_message_id ?? null,
              detail: refused ? error.detail : CHAT_TEXTS.sendFailed,
            });
          });
        }
      });
      socket.on('close', () => {
        unsubscribe();
        void deps.bus.publish(roomChannel(roomId), {
          type: 'user_left',
          user_id: me,
          name: participant.name,
        });
      });
    },
  );

  app.get(
    '/ws/user',
    {
      websocket: true,
      preValidation: refuseForeignOrigin,
      schema: { hide: true, querystring: socketQuerySchema },
    },
    async (socket, request) => {
      const handleFrames = earlyFrames(socket, request.log);
      const participant = await identify(request.query);
      if (!participant) {
        socket.close(WS_CLOSE.unauthenticated, 'Not authenticated');
        return;
      }
      // The bell: inbox changes for this user or guest, wherever they happened.
      const unsubscribe = deps.bus.subscribe(participantChannel(participant), (event) => send(socket, event));
      await deps.bus.whenSubscribed(participantChannel(participant));
      if (socket.readyState !== socket.OPEN) {
        unsubscribe();
        return;
      }
      const withinBudget = frameBudget();
      handleFrames(() => {
        if (!withinBudget()) socket.close(WS_CLOSE.policy, 'Too many messages');
        else send(socket, { type: 'pong', at: Date.now() });
      });
      socket.on('close', unsubscribe);
    },
  );
};
