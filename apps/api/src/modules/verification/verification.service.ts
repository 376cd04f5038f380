import {
  NOTIFICATION_EVENT_TEXTS,
  ROLE_LABELS,
  ROLE_UPGRADES,
  VERIFICATION_TEXTS as T,
  type UserRole,
  type VerificationRequest,
  type VerificationStats,
} from '@teamhire/shared';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/errors';
import { isGeneralAdmin, type Actor } from '../../platform/auth/actor';
import { isUniqueViolation } from '../../db/errors';
import { recordActivity } from '../activity/activity.service';
import { createNotifications, publishNotifications } from '../notifications/notifications.service';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus';
import { endSocketSessions } from '../../platform/realtime/socket-rights';
import * as repository from './verification.repository';

function assertGeneralAdmin(actor: Actor): void {
  if (!isGeneralAdmin(actor)) throw new AppError('forbidden', T.insufficientPermissions);
}

function toResponse(row: repository.RequestRow): VerificationRequest {
  const { request } = row;
  return {
    id: request.id,
    requested_role: request.requestedRole,
    current_role: request.currentRole,
    request_message: request.requestMessage,
    documents_url: request.documentsUrl,
    status: request.status,
    requested_at: request.requestedAt.toISOString(),
    verified_at: request.verifiedAt?.toISOString() ?? null,
    verified_by: row.verifierUsername ? { username: row.verifierUsername } : null,
    response_message: request.responseMessage,
    user: { id: request.userId, username: row.username },
  };
}

export async function requestRoleUpgrade(
  db: Database,
  actor: Actor,
  input: { requested_role: UserRole; request_message: string; documents_url?: string | null },
  bus: RealtimeBus,
): Promise<VerificationRequest> {
  if (!ROLE_UPGRADES[actor.role].includes(input.requested_role)) {
    const message =
      ROLE_UPGRADES[actor.role].length === 0
        ? T.noUpgrades
        : `A ${ROLE_LABELS[actor.role]} cannot request the ${ROLE_LABELS[input.requested_role]} role`;
    throw new AppError('validation', message, [{ path: 'body.requested_role', message }]);
  }
  try {
    const { id, pending } = await db.transaction(async (transaction) => {
      const requestId = await repository.insertRequest(transaction, {
        userId: actor.id,
        currentRole: actor.role,
        requestedRole: input.requested_role,
        requestMessage: input.request_message,
        documentsUrl: input.documents_url ?? null,
      });
      await recordActivity(transaction, {
        userId: actor.id,
        action: 'verification.requested',
        description: `Asked to become a ${ROLE_LABELS[input.requested_role]}`,
      });
      const notifications = await createNotifications(transaction, {
        userIds: await repository.listReviewerIds(transaction),
        actorId: actor.id,
        kind: 'verification_submitted',
        text: NOTIFICATION_EVENT_TEXTS.verificationSubmitted(
          actor.username,
          ROLE_LABELS[input.requested_role],
        ),
        at: new Date(),
      });
      return { id: requestId, pending: notifications };
    });
    await publishNotifications(bus, pending);
    return toResponse((await repository.findRequest(db, id))!);
  } catch (error) {
    // The partial unique index allows one pending request per user.
    if (isUniqueViolation(error))
      throw new AppError('conflict', 'You already have a pending verification request');
    throw error;
  }
}

export async function listOwnRequests(db: Database, actor: Actor): Promise<VerificationRequest[]> {
  return (await repository.listRequestsOfUser(db, actor.id)).map(toResponse);
}

export async function listPendingRequests(
  db: Database,
  actor: Actor,
  window: { role_filter?: UserRole; skip: number; limit: number },
): Promise<VerificationRequest[]> {
  assertGeneralAdmin(actor);
  const rows = await repository.listPendingRequests(db, {
    roleFilter: window.role_filter,
    skip: window.skip,
    limit: window.limit,
  });
  return rows.map(toResponse);
}

export async function decideRequest(
  db: Database,
  actor: Actor,
  requestId: number,
  input: { status: 'approved' | 'rejected'; response_message?: string | null },
  bus: RealtimeBus,
): Promise<VerificationRequest> {
  assertGeneralAdmin(actor);
  const responseMessage = input.response_message?.trim() || null;
  if (input.status === 'approved' && !responseMessage) {
    throw new AppError('validation', T.responseRequired, [
      { path: 'body.response_message', message: T.responseRequired },
    ]);
  }
  const decided = await db.transaction(async (transaction) => {
    const decided = await repository.decidePendingRequest(transaction, requestId, {
      status: input.status,
      responseMessage,
      verifiedById: actor.id,
    });
    if (!decided) {
      throw (await repository.requestExists(transaction, requestId))
        ? new AppError('already_processed', T.alreadyProcessed)
        : new AppError('not_found', T.notFound);
    }
    const role = ROLE_LABELS[decided.requestedRole];
    // Approval changes the role and marks the user verified in one transaction, so no one is ever one without the other.
    if (input.status === 'approved')
      await repository.promoteUser(transaction, decided.userId, decided.requestedRole);
    await recordActivity(transaction, {
      userId: decided.userId,
      action: `verification.${input.status}`,
      description: `Your request to become a ${role} was ${input.status}`,
    });
    await recordActivity(transaction, {
      userId: actor.id,
      action: `verification.reviewed`,
      description: `${input.status === 'approved' ? 'Approved' : 'Rejected'} a request to become a ${role}`,
    });
    const pending = await createNotifications(transaction, {
      userIds: [decided.userId],
      actorId: actor.id,
      kind: input.status === 'approved' ? 'verification_approved' : 'verification_rejected',
      text: NOTIFICATION_EVENT_TEXTS.verificationDecided(role, input.status),
      at: new Date(),
    });
    return { ...decided, pending };
  });
  await publishNotifications(bus, decided.pending);
  // Open sockets were opened under the old role: they close (4001) and come back under the new one.
  if (input.status === 'approved') await endSocketSessions(bus, { kind: 'user', id: decided.userId });
  return toResponse((await repository.findRequest(db, requestId))!);
}

export async function verificationStatistics(db: Database, actor: Actor): Promise<VerificationStats> {
  assertGeneralAdmin(actor);
  const row = await repository.requestStatistics(db);
  return {
    pending_requests: row.pending,
    approved_requests: row.approved,
    rejected_requests: row.rejected,
    total_requests: row.total,
  };
}
