import { z } from 'zod';
import { EMAIL_PATTERN } from './contact';
import { offerSchema, offerSummarySchema } from './offers';

export const CHAT_TEXTS = {
  startFailed: 'Failed to start chat. Please try again.',
  sendFailed: 'Failed to send message. Please try again.',
  loadFailed: 'Failed to load chat. Please try again.',
  accessDenied: 'Access denied',
  noPermission: "You don't have permission to access this chat.",
  loginRequired: 'Please log in to access team chats.',
  guestCreateFailed: 'Failed to create guest user',
  roomCreateFailed: 'Failed to create chat room',
  guestAccountFailed: 'Failed to create guest account',
  inboxFailed: 'Failed to load messages',
  noMessages: 'No messages yet',
  teamDashboardDenied: 'Access Denied',
  teamDashboardNoPermission: "You don't have permission to access this team's chats.",
  teamDashboardHint: "Please make sure you're logged in and are a member of this team.",
  messageRequired: 'Type a message first',
  tooManyMessages: 'You are sending messages too quickly. Please wait a minute and try again.',
  tooManyUploads: 'You are sending files too quickly. Please wait a minute and try again.',
} as const;

export const CHAT_MESSAGE_MAX = 5000;
export const CHAT_PAGE_SIZE = 50;
export const GUEST_NAME_MIN = 2;
export const GUEST_NAME_MAX = 50;
export const GUEST_SESSION_DAYS = 7;
/** 1 GB means 1024^3 bytes, as the size limit and its message count it. */
export const CHAT_UPLOAD_MAX_BYTES = 1024 ** 3;
export const INBOX_WIDGET_ROOMS = 5;
export const UNREAD_BADGE_MAX = 99;
export const REALTIME_RECONNECT_MS = 3000;
export const TYPING_IDLE_MS = 2000;
export const TYPING_INCOMING_CLEAR_MS = 3000;
export const TEAM_CHAT_REFRESH_MS = 10_000;
export const UNREAD_POLL_MS = 30_000;
export const WEBSOCKET_FRAME_MAX_BYTES = 64 * 1024;

/** `offer`: a custom offer's card; the message carries the offer (its state as of now). */
export const MESSAGE_TYPES = ['text', 'image', 'file', 'offer'] as const;
export const CHAT_ROLES = ['buyer', 'guest', 'admin', 'member'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

const messageText = z
  .string({ error: CHAT_TEXTS.messageRequired })
  .trim()
  .min(1, CHAT_TEXTS.messageRequired)
  .max(CHAT_MESSAGE_MAX, `A message can be at most ${CHAT_MESSAGE_MAX} characters`);

export const getOrCreateRoomRequestSchema = z.strictObject({
  team_id: z.number({ error: 'Choose a team' }).int().positive(),
});
export const guestRoomRequestSchema = z.strictObject({
  guest_user_id: z.number().int().positive(),
  team_id: z.number({ error: 'Choose a team' }).int().positive(),
});
export const chatRoomCreatedSchema = z.object({
  chat_room_id: z.number().int(),
  team_id: z.number().int(),
  created: z.boolean(),
  temp_user_id: z.string().optional(),
});
export type ChatRoomCreated = z.infer<typeof chatRoomCreatedSchema>;

export const guestUserRequestSchema = z.strictObject({
  name: z
    .string({ error: 'Please enter your name' })
    .trim()
    .min(GUEST_NAME_MIN, `Name must be at least ${GUEST_NAME_MIN} characters`)
    .max(GUEST_NAME_MAX, `Name must be at most ${GUEST_NAME_MAX} characters`),
  // Optional: blank (even only spaces) means none.
  email: z
    .string()
    .trim()
    .max(254, 'Please enter a valid email address')
    .refine((value) => value === '' || EMAIL_PATTERN.test(value), 'Please enter a valid email address')
    .transform((value) => value || null)
    .nullish(),
});
export type GuestUserRequest = z.input<typeof guestUserRequestSchema>;
export const guestUserSchema = z.object({
  guest_user_id: z.number().int(),
  name: z.string(),
  session_token: z.string(),
  expires_at: z.string(),
});
export type GuestUser = z.infer<typeof guestUserSchema>;

export const sendMessageRequestSchema = z.strictObject({
  message_text: messageText,
  message_type: z.literal('text').default('text'),
  /** Set by the client so that a message re-sent after a reconnect is stored once. */
  client_message_id: z.uuid().optional(),
});

export const chatMessageSchema = z.object({
  id: z.number().int(),
  chat_room_id: z.number().int(),
  sender_id: z.string(),
  sender_name: z.string(),
  sender_role: z.enum(CHAT_ROLES),
  message_text: z.string(),
  message_type: z.enum(MESSAGE_TYPES),
  file_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
  file_kind: z.string().nullable(),
  client_message_id: z.string().nullable(),
  created_at: z.string(),
  /**
   * The offer of an `offer` message, as it is now (its state included); null for other messages.
   * Always sent by the server; optional only so that messages built before offers still parse.
   */
  offer: offerSchema.nullish(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const messageListQuerySchema = z.strictObject({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
});
export const messageListSchema = z.object({
  /** Oldest to newest within the page. */
  items: z.array(chatMessageSchema),
  /** Pass as `before` for the previous page; null at the start of the conversation. */
  next_before: z.number().int().nullable(),
});
export type MessageList = z.infer<typeof messageListSchema>;

/**
 * A general admin's read-only view of the conversation between an order's buyer and its team: the
 * room of that buyer and team (null when they never wrote), a page of its messages at a time.
 */
export const orderConversationSchema = messageListSchema.extend({
  chat_room_id: z.number().int().nullable(),
});
export type OrderConversation = z.infer<typeof orderConversationSchema>;

export const chatAccessSchema = z.object({
  chat_room_id: z.number().int(),
  team_id: z.number().int(),
  team_name: z.string(),
  role: z.enum(CHAT_ROLES),
});
export type ChatAccess = z.infer<typeof chatAccessSchema>;

export const chatRoomSummarySchema = z.object({
  chat_room_id: z.number().int(),
  team_id: z.number().int(),
  team_name: z.string(),
  buyer_name: z.string(),
  status: z.enum(['active', 'archived']),
  unread_count: z.number().int(),
  last_message_text: z.string().nullable(),
  last_message_at: z.string().nullable(),
  created_at: z.string(),
  profile_picture_url: z.string().nullable(),
  service_package: z.object({ name: z.string() }).nullable(),
  /** The conversation's latest offer and its state; null when none was sent. Always sent by the server. */
  latest_offer: offerSummarySchema.nullish(),
});
export type ChatRoomSummary = z.infer<typeof chatRoomSummarySchema>;
/** A user's inbox and a team's conversations. */
export const chatRoomSummariesSchema = z.array(chatRoomSummarySchema);

export const markReadRequestSchema = z.strictObject({
  last_message_id: z.number().int().positive().optional(),
});

/** File types are grouped by extension for display, so a file shows a fitting icon. */
export const FILE_KIND_EXTENSIONS = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'bmp', 'avif', 'heic'],
  video: ['mp4', 'mov', 'avi', 'mkv', 'webm'],
  audio: ['mp3', 'wav', 'ogg', 'flac', 'm4a', 'aac'],
  archive: ['zip', 'rar', '7z', 'tar', 'gz', 'bz2', 'xz'],
  code: [
    'js',
    'ts',
    'tsx',
    'jsx',
    'py',
    'java',
    'go',
    'rs',
    'rb',
    'php',
    'c',
    'cpp',
    'h',
    'cs',
    'json',
    'html',
    'css',
    'sql',
    'sh',
    'yml',
    'yaml',
  ],
} as const;
export type FileKind = keyof typeof FILE_KIND_EXTENSIONS | 'document';

export function fileKindOf(fileName: string): FileKind {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  for (const [kind, extensions] of Object.entries(FILE_KIND_EXTENSIONS)) {
    if ((extensions as readonly string[]).includes(extension)) return kind as FileKind;
  }
  return 'document';
}

/** The realtime protocol, browser to server; the server's events are in `realtime-events.ts`. */
export const clientEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('typing'), is_typing: z.boolean() }),
  z.strictObject({ type: z.literal('ping') }),
  z.strictObject({
    type: z.literal('message'),
    text: messageText,
    client_message_id: z.uuid().optional(),
  }),
]);
export type ClientEvent = z.infer<typeof clientEventSchema>;

/**
 * Chat traffic one user or guest may send through the REST API per minute, counted across
 * instances: far above a person typing, far below a script flooding a room or the disk.
 */
export const CHAT_MESSAGES_PER_MINUTE = 60;
export const CHAT_UPLOADS_PER_MINUTE = 20;
/** Chat files one user or guest may keep stored unless CHAT_UPLOAD_QUOTA_BYTES says otherwise. */
export const CHAT_UPLOAD_QUOTA_BYTES_DEFAULT = 5 * 1024 ** 3;

/**
 * WebSocket close codes: 4003 not (or no longer) a member, 4004 no such room; 4001 not signed in,
 * or the session ended, expired or must be checked again (the client reconnects with a fresh token).
 */
export const WS_CLOSE = {
  normal: 1000,
  tooBig: 1009,
  policy: 1008,
  /** The server could not check the socket's rights just now (its database was busy or away): come back. */
  tryAgainLater: 1013,
  unauthenticated: 4001,
  forbidden: 4003,
  notFound: 4004,
} as const;
