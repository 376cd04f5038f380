import type { WebSocket } from '@fastify/websocket';
import { decodeJwt } from 'jose';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHAT_TEXTS, clientEventSchema, WS_CLOSE, type ServerEvent } from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import {
  chatLimitsOf,
  participantChannel,
  roomAccess,
  roomChannel,
  sendMessage,
  type ChatContext,
} from './chat.service';
import { createParticipants, type Participant } from './participants';
import { controlChannel } from '../../platform/realtime/socket-rights';
import { textRuleRefusal } from '../../platform/http/text-rule';

/** A socket whose unsent data passes this is too slow to keep up; it is dropped, not buffered forever. */
const SLOW_READER_BYTES = 1024 * 1024;
/** Frames a client may send: a burst of 20, refilled at 10 per second. */
const FRAME_BURST = 20;
const FRAMES_PER_SECOND = 10;
/** setTimeout's longest delay; a session that lasts longer is not given an expiry timer. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

const socketQuerySchema = z.object({
  access_token: z.string().max(4096).optional(),
  guest_token: z.string().max(200).optional(),
});

/**
 * Each event as it goes on the wire, made once: the bus hands the same event object to every socket
 * of the room, and serializing it again for each of them was most of a broadcast's cost.
 */
const frames = new WeakMap<ServerEvent, Buffer>();

function send(socket: WebSocket, event: ServerEvent): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > SLOW_READER_BYTES) {
    socket.terminate();
    return;
  }
  let frame = frames.get(event);
  if (!frame) {
    frame = Buffer.from(JSON.stringify(event));
    frames.set(event, frame);
  }
  // A text frame, as the browser client expects, though handed over as bytes.
  socket.send(frame, { binary: false });
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

/** Who opened a socket, with what ends their right to it: the session it was opened with, its expiry. */
interface Identified {
  participant: Participant;
  /** The signed-in session (refresh-token family); null for a guest. */
  sessionId: string | null;
  expiresAt: Date | undefined;
}

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
  const context: ChatContext = {
    db: deps.db,
    bus: deps.bus,
    limiter: deps.limiter,
    limits: chatLimitsOf(deps.config),
  };
  const participants = createParticipants(deps.db, deps.authenticator);

  /** Tokens ride in the query string because browsers cannot set headers on a WebSocket; logs keep only the path. */
  async function identify(query: z.infer<typeof socketQuerySchema>): Promise<Identified | undefined> {
    try {
      if (query.access_token) {
        const actor = await deps.authenticator.actorFromToken(query.access_token);
        const { exp } = decodeJwt(query.access_token);
        return {
          participant: { kind: 'user', id: actor.id, name: actor.username, actor },
          sessionId: actor.sessionId,
          expiresAt: exp === undefined ? undefined : new Date(exp * 1000),
        };
      }
      if (query.guest_token) {
        const participant = await participants.guestFromToken(query.guest_token);
        return {
          participant,
          sessionId: null,
          expiresAt: participant.kind === 'guest' ? participant.expiresAt : undefined,
        };
      }
    } catch (error) {
      if (error instanceof AppError && error.code === 'unauthorized') return undefined;
      throw error;
    }
    return undefined;
  }

  /**
   * An open socket is a standing permission: it closes, on whichever instance it is, as soon as its
   * session ends or expires (4001: the client may come back with a fresh token) or, for a room,
   * its holder's access to the room is gone (4003). Resolves once the instance hears those signals.
   */
  async function guardRights(
    socket: WebSocket,
    identified: Identified,
    log: { warn(object: object, message: string): void },
    room?: { id: number; teamId: number },
  ): Promise<() => void> {
    const { participant, sessionId } = identified;
    const close = (code: number, reason: string) => {
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
        socket.close(code, reason);
    };
    const channel = controlChannel(participant);
    const unsubscribe = deps.bus.subscribe(channel, (event) => {
      if (event.type === 'sessions_ended') {
        const listed =
          event.session_ids === null || (sessionId !== null && event.session_ids.includes(sessionId));
        const spared = sessionId !== null && event.except_session_id === sessionId;
        if (listed && !spared) close(WS_CLOSE.unauthenticated, 'Session ended');
      } else if (event.type === 'room_access_changed' && room && event.team_id === room.teamId) {
        roomAccess(deps.db, participant, room.id).catch((error: unknown) => {
          if (error instanceof AppError) close(WS_CLOSE.forbidden, 'Access denied');
          else {
            // Unsure whether access remains: the client reconnects, and the room is checked again then.
            log.warn({ err: error }, 'room access could not be checked again');
            close(WS_CLOSE.unauthenticated, 'Please reconnect');
          }
        });
      }
    });
    let expiry: NodeJS.Timeout | undefined;
    const remainingMs = identified.expiresAt ? identified.expiresAt.getTime() - Date.now() : undefined;
    if (remainingMs !== undefined && remainingMs <= LONGEST_TIMER_MS) {
      expiry = setTimeout(() => close(WS_CLOSE.unauthenticated, 'Session expired'), Math.max(0, remainingMs));
    }
    const release = () => {
      unsubscribe();
      clearTimeout(expiry);
    };
    socket.on('close', release);
    await deps.bus.whenSubscribed(channel);
    return release;
  }

  const refuseForeignOrigin = async (
    request: { headers: Record<string, string | string[] | undefined> },
    reply: { status(code: number): { send(body: unknown): unknown } },
  ) => {
    const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
    const host = typeof request.headers.host === 'string' ? request.headers.host : undefined;
    if (!originAllowed(origin, host, deps.config.publicUrl)) {
      return reply
        .status(403)
        .send({ code: 'forbidden', detail: 'This origin may not open a realtime connection' });
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
      const identified = await identify(request.query);
      if (!identified) {
        socket.close(WS_CLOSE.unauthenticated, 'Not authenticated');
        return;
      }
      const { participant } = identified;
      let teamId: number;
      try {
        teamId = (await roomAccess(deps.db, participant, roomId)).room.teamId;
      } catch (error) {
        if (!(error instanceof AppError)) {
          // Not a refusal (the client takes 4003 as final and never comes back): the database could
          // not answer, as in a reconnect storm that exhausts the pool; the client tries again later.
          request.log.warn({ err: error }, 'room access could not be checked');
          socket.close(WS_CLOSE.tryAgainLater, 'Please reconnect');
          return;
        }
        const code = error.code === 'not_found' ? WS_CLOSE.notFound : WS_CLOSE.forbidden;
        socket.close(code, code === WS_CLOSE.notFound ? 'Chat room not found' : 'Access denied');
        return;
      }
      const me = `${participant.kind}:${participant.id}`;
      const unsubscribe = deps.bus.subscribe(roomChannel(roomId), (event) => send(socket, event));
      // Joined means: from now on nothing said in the room, on any instance, passes this socket by,
      // and no change of rights does either.
      const [releaseRights] = await Promise.all([
        guardRights(socket, identified, request.log, { id: roomId, teamId }),
        deps.bus.whenSubscribed(roomChannel(roomId)),
      ]);
      if (socket.readyState !== socket.OPEN) {
        unsubscribe();
        releaseRights();
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
        let raw: unknown;
        try {
          raw = isBinary ? undefined : JSON.parse(data.toString());
        } catch {
          return;
        }
        const parsed = clientEventSchema.safeParse(raw);
        // The text rule REST bodies pass, on every string of the event as the client sent it: a
        // refused message is neither stored nor broadcast, and its sender hears why in REST's words;
        // any other event breaking it is dropped, like an event that does not parse.
        const refusal = textRuleRefusal({ body: raw });
        if (refusal) {
          if ((raw as { type?: unknown } | null)?.type !== 'message') return;
          const clientMessageId =
            parsed.success && parsed.data.type === 'message' ? parsed.data.client_message_id : undefined;
          send(socket, {
            type: 'message_failed',
            client_message_id: clientMessageId ?? null,
            detail: refusal.detail,
          });
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
      const identified = await identify(request.query);
      if (!identified) {
        socket.close(WS_CLOSE.unauthenticated, 'Not authenticated');
        return;
      }
      const { participant } = identified;
      // The bell: inbox changes for this user or guest, wherever they happened.
      const unsubscribe = deps.bus.subscribe(participantChannel(participant), (event) => send(socket, event));
      const [releaseRights] = await Promise.all([
        guardRights(socket, identified, request.log),
        deps.bus.whenSubscribed(participantChannel(participant)),
      ]);
      if (socket.readyState !== socket.OPEN) {
        unsubscribe();
        releaseRights();
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
