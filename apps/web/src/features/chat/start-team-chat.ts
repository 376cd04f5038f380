import { CHAT_TEXTS } from '@teamhire/shared';
import { ApiError } from '../../lib/api-client';
import { getOrCreateRoom } from './chat-api';

/** The server's own words for a refusal that means something (409: 'You are part of this team...'). */
export function startChatFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 409 && error.detail) return error.detail;
  return CHAT_TEXTS.startFailed;
}

/** The team's conversation for the signed-in person (created on first contact): its room, or why not. */
export async function openTeamChatRoom(
  teamId: number,
): Promise<{ chatRoomId: number } | { failure: string }> {
  try {
    const { chat_room_id } = await getOrCreateRoom(teamId);
    return { chatRoomId: chat_room_id };
  } catch (error) {
    return { failure: startChatFailureText(error) };
  }
}
