import type { RealtimeBus } from './realtime-bus';

interface Holder {
  kind: 'user' | 'guest';
  id: number;
}

/**
 * Where the services tell every instance that a user's or guest's open sockets lost their right
 * to be open; the sockets of that holder listen here and nowhere else hears it.
 */
export const controlChannel = (holder: Holder) => `control:${holder.kind}:${holder.id}`;

/**
 * Closes the holder's open sockets (4001) on every instance: those opened with one of the listed
 * sessions, or every one, but never those of `exceptSessionId` (the session that changed the
 * password stays signed in). Published after the change is committed.
 */
export function endSocketSessions(
  bus: RealtimeBus,
  holder: Holder,
  scope: { sessionIds?: string[]; exceptSessionId?: string } = {},
): Promise<void> {
  return bus.publish(controlChannel(holder), {
    type: 'sessions_ended',
    session_ids: scope.sessionIds ?? null,
    except_session_id: scope.exceptSessionId ?? null,
  });
}

/**
 * The user's sockets in the team's rooms check their access again, on every instance, and close
 * (4003) where it is gone. Published after the membership change is committed.
 */
export function announceRoomAccessChange(bus: RealtimeBus, userId: number, teamId: number): Promise<void> {
  return bus.publish(controlChannel({ kind: 'user', id: userId }), {
    type: 'room_access_changed',
    team_id: teamId,
  });
}
