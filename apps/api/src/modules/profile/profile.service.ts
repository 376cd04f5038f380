import { PROFILE_ITEMS_MAX, type Profile, type PublicProfile } from '@teamhire/shared';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import { recordActivity } from '../activity/activity.service';
import { PROFILE_KIND_DEFINITIONS as KINDS } from './profile-kinds';
import * as repository from './profile.repository';

export type { ProfileTable } from './profile.repository';

/** One kind of profile item: its table and how its fields map between the API and the columns. */
export interface ProfileKindDefinition<Table extends repository.ProfileTable, Input, Output> {
  label: string;
  /** The label with its article, as in 'Added an experience'. */
  one: string;
  table: Table;
  toColumns(input: Input): Omit<Table['$inferInsert'], 'userId'>;
  toResponse(row: Table['$inferSelect']): Output;
}

const itemNotFound = (label: string) =>
  new AppError('not_found', `This ${label} was not found in your profile`);

export function profileItemService<Table extends repository.ProfileTable, Input, Output>(
  db: Database,
  kind: ProfileKindDefinition<Table, Input, Output>,
) {
  return {
    async list(actor: Actor): Promise<Output[]> {
      return (await repository.listItems(db, kind.table, actor.id)).map(kind.toResponse);
    },
    async create(actor: Actor, input: Input): Promise<Output> {
      return db.transaction(async (transaction) => {
        // One create at a time per user, so that two requests cannot both take the last place.
        await repository.lockOwner(transaction, actor.id);
        if ((await repository.countItems(transaction, kind.table, actor.id)) >= PROFILE_ITEMS_MAX) {
          throw new AppError(
            'validation',
            `A profile holds at most ${PROFILE_ITEMS_MAX} of each kind of item`,
          );
        }
        const row = await repository.insertItem(transaction, kind.table, {
          ...kind.toColumns(input),
          userId: actor.id,
        } as Table['$inferInsert']);
        await recordActivity(transaction, {
          userId: actor.id,
          action: 'profile.item_added',
          description: `Added ${kind.one} to your profile`,
        });
        return kind.toResponse(row);
      });
    },
    async update(actor: Actor, id: number, input: Input): Promise<Output> {
      const row = await repository.updateOwnItem(
        db,
        kind.table,
        { id, userId: actor.id },
        kind.toColumns(input) as Partial<Table['$inferInsert']>,
      );
      if (!row) throw itemNotFound(kind.label);
      return kind.toResponse(row);
    },
    async remove(actor: Actor, id: number): Promise<void> {
      if (!(await repository.deleteOwnItem(db, kind.table, { id, userId: actor.id })))
        throw itemNotFound(kind.label);
    },
  };
}

async function profileOf(db: Database, userId: number): Promise<Profile> {
  const [experiences, skills, certificates, education] = await Promise.all([
    repository.listItems(db, KINDS.experiences.table, userId),
    repository.listItems(db, KINDS.skills.table, userId),
    repository.listItems(db, KINDS.certificates.table, userId),
    repository.listItems(db, KINDS.education.table, userId),
  ]);
  return {
    experiences: experiences.map(KINDS.experiences.toResponse),
    skills: skills.map(KINDS.skills.toResponse),
    certificates: certificates.map(KINDS.certificates.toResponse),
    education: education.map(KINDS.education.toResponse),
  };
}

export const getOwnProfile = (db: Database, actor: Actor) => profileOf(db, actor.id);

/** Any signed-in user may read another's professional profile; the email is never part of it. */
export async function getPublicProfile(db: Database, _actor: Actor, userId: number): Promise<PublicProfile> {
  const user = await repository.findPublicUser(db, userId);
  if (!user?.isActive) throw new AppError('not_found', 'User not found');
  return {
    user: {
      id: user.id,
      username: user.username,
      full_name: user.fullName,
      role: user.role,
      profile_picture_url: user.profilePictureUrl,
      created_at: user.createdAt.toISOString(),
    },
    ...(await profileOf(db, userId)),
  };
}
