import { ORDER_TEXTS, type Review, type ReviewList } from '@teamhire/shared';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import { recordActivity } from '../activity/activity.service';
import type { Mailer } from '../../platform/mail/mailer';
import { notificationEmail } from '../../platform/mail/templates';
import { findOrderOfBuyer, findUserContact, toReviewResponse } from '../orders/orders.service';
import * as repository from './reviews.repository';

export interface ReviewsContext {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/** The buyer rates a completed order once; the team's metrics are computed from these rows. */
export async function createReview(
  context: ReviewsContext,
  actor: Actor,
  orderId: number,
  input: { rating: number; comment?: string | null },
): Promise<Review> {
  const row = await findOrderOfBuyer(context.db, actor, orderId, ORDER_TEXTS.reviewOnlyBuyer);
  const { order } = row;
  if (row.review) throw new AppError('conflict', ORDER_TEXTS.reviewExists);
  if (order.status !== 'completed') throw new AppError('conflict', ORDER_TEXTS.reviewOnlyCompleted);

  const review = await context.db
    .transaction(async (transaction) => {
      const inserted = await repository.insertReview(transaction, {
        orderId,
        buyerId: actor.id,
        teamId: order.teamId,
        servicePackageId: order.servicePackageId,
        rating: input.rating,
        comment: input.comment || null,
      });
      await recordActivity(transaction, {
        userId: actor.id,
        action: 'review.created',
        description: `Rated ${row.package.title} ${input.rating} of 5`,
        metadata: { order_id: orderId, review_id: inserted.id },
      });
      return inserted;
    })
    .catch((error: unknown) => {
      // Two submits at once: the unique order_id lets one through.
      if (isUniqueViolation(error)) throw new AppError('conflict', ORDER_TEXTS.reviewExists);
      throw error;
    });

  const teamAdmin = await findUserContact(context.db, row.team.adminId);
  if (teamAdmin) {
    await context.mailer.send(
      notificationEmail(
        teamAdmin.email,
        teamAdmin.username,
        `New review: ${input.rating} of 5 for ${row.package.title}`,
        [
          `${actor.username} rated order ${orderId} ${input.rating} of 5.`,
          ...(review.comment ? [`Their words: ${review.comment}`] : []),
        ],
        { label: 'View the order', link: `${context.publicUrl}/orders/${orderId}` },
      ),
    );
  }
  return toReviewResponse(review, { buyerUsername: actor.username, packageTitle: row.package.title });
}

async function list(
  db: Database,
  where: ReturnType<typeof repository.ofTeam>,
  window: { skip: number; limit: number },
): Promise<ReviewList> {
  const { items, total, average } = await repository.listReviews(db, where, window);
  return {
    items: items.map((item) => toReviewResponse(item.review, item)),
    total,
    average_rating: average,
    skip: window.skip,
    limit: window.limit,
  };
}

export async function listPackageReviews(
  db: Database,
  packageId: number,
  window: { skip: number; limit: number },
) {
  if (!(await repository.packageExists(db, packageId)))
    throw new AppError('not_found', 'Service package not found');
  return list(db, repository.ofPackage(packageId), window);
}

export async function listTeamReviews(db: Database, teamId: number, window: { skip: number; limit: number }) {
  if (!(await repository.teamExists(db, teamId))) throw new AppError('not_found', 'Team not found');
  return list(db, repository.ofTeam(teamId), window);
}
