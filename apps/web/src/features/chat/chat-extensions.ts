import type { ChatAccess, ChatMessage, ServerEvents } from '@teamhire/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** Room events the chat does not handle itself, for the part of the app that knows them. */
export type RoomEventHandlers = {
  [K in keyof ServerEvents]?: (event: { type: K } & ServerEvents[K]) => void;
};

/**
 * What the app adds to a conversation without the chat knowing it (custom offers): messages of
 * types the chat cannot draw, buttons beside the composer, and room events that update other
 * parts of the cache. The app composes them; the chat only calls them.
 */
export interface ChatExtensions {
  /** Draws a message the chat has no drawing for; undefined leaves it to the chat (its text). */
  renderMessage?: (props: { message: ChatMessage; access: ChatAccess; roomId: number }) => ReactNode;
  /** Buttons beside the composer's attach button (shown to whoever `access` says may use them). */
  composerActions?: (props: { access: ChatAccess; roomId: number }) => ReactNode;
  /** Socket events of the room for the other parts of the app. */
  roomEvents?: (queryClient: QueryClient) => RoomEventHandlers;
  /** After the socket came back: whatever changed while it was down is asked for again. */
  onReconnected?: (queryClient: QueryClient) => void;
}
