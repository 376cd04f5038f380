import { CHAT_TEXTS, UNREAD_BADGE_MAX, type ChatRole, type ChatRoomSummary } from '@teamhire/shared';
import { ApiError } from '../../lib/api-client';

const DAY_MS = 24 * 60 * 60_000;
const timeFormatter = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const shortDateFormatter = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** In chat lists, the time of day under 24 hours, otherwise a short date. */
export function formatChatListTime(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (now.getTime() - date.getTime() < DAY_MS) return timeFormatter.format(date);
  return shortDateFormatter.format(date);
}

export function formatMessageTime(value: string): string {
  return timeFormatter.format(new Date(value));
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size.toFixed(size < 10 ? 1 : 0)} ${units[unit]}`;
}

export const ROLE_LABELS: Record<ChatRole, string> = {
  buyer: 'Buyer',
  guest: 'Guest',
  admin: 'Team Admin',
  member: 'Team Member',
};

export function initialsOf(name: string): string {
  const parts = name
    .trim()
    .split(/[\s_.-]+/)
    .filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : name.slice(0, 2);
  return letters.toUpperCase();
}

export const QUICK_MESSAGES = [
  "Hi! I'd like to discuss a project.",
  'What is your availability?',
  'Can you share examples of similar work?',
  'What would a project like mine cost?',
] as const;

/** The unread badge shows '99+' above 99, so it keeps its size. */
export function formatUnreadCount(count: number): string {
  return count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(count);
}

/** A buyer sees the team; the team sees who wrote to it. */
export function roomTitle(room: Pick<ChatRoomSummary, 'buyer_name' | 'team_name'>, myName: string | null) {
  return room.buyer_name === myName ? room.team_name : room.buyer_name;
}

/** The server's words when it gave some, else the fixed text. */
export function inboxErrorText(error: unknown): string {
  return error instanceof ApiError && error.detail ? error.detail : CHAT_TEXTS.inboxFailed;
}
