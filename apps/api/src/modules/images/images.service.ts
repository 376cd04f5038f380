import type { Readable } from 'node:stream';
import { IMAGE_TEXTS as T, PACKAGE_IMAGES_MAX, type PackageImages, type TeamLogo } from '@teamhire/shared';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import type { Storage } from '../../platform/storage';
import { recordActivity } from '../activity/activity.service';
import { assertCanChangePackage, lockPackageForChange } from '../packages/packages.service';
import { loadAdministeredTeam, setTeamLogo } from '../teams/teams.service';
import {
  readImageUpload,
  removeImageFiles,
  storeGalleryImage,
  storeLogoImage,
} from '../../platform/images/image-files';
import { galleryImageSet, imageKey, logoImageSet, type StoredImage } from '../../platform/images/image-sets';
import * as repository from './images.repository';

export interface ImagesContext {
  db: Database;
  storage: Storage;
}

const galleryFull = () => new AppError('conflict', T.galleryFull);

/**
 * Runs `record` for an image already stored; when it fails (a refusal found under the lock), the
 * image's files go, so that nothing refused stays in storage.
 */
async function keepOrRemove<Result>(
  storage: Storage,
  image: StoredImage,
  record: () => Promise<Result>,
): Promise<Result> {
  try {
    return await record();
  } catch (error) {
    await removeImageFiles(storage, image.id).catch(() => undefined);
    throw error;
  }
}

/**
 * The team admin's new logo, stored at every logo size; the previous one is removed. Who may is
 * checked before a byte is decoded, and again under the team's lock when the logo is recorded.
 */
export async function replaceTeamLogo(
  context: ImagesContext,
  actor: Actor,
  teamId: number,
  upload: Readable,
): Promise<TeamLogo> {
  await loadAdministeredTeam(context.db, actor, teamId);
  const image = await storeLogoImage(context.storage, await readImageUpload(upload));
  const previous = await keepOrRemove(context.storage, image, () =>
    context.db.transaction(async (transaction) => {
      const team = await loadAdministeredTeam(transaction, actor, teamId, { forUpdate: true });
      await setTeamLogo(transaction, teamId, image.id);
      await recordActivity(transaction, {
        userId: actor.id,
        action: 'team.logo_updated',
        description: `Changed the logo of the team ${team.name}`,
      });
      return team.logoImageId;
    }),
  );
  if (previous) await removeImageFiles(context.storage, previous);
  return { logo: logoImageSet(image.id) };
}

export async function removeTeamLogo(context: ImagesContext, actor: Actor, teamId: number): Promise<void> {
  const previous = await context.db.transaction(async (transaction) => {
    const team = await loadAdministeredTeam(transaction, actor, teamId, { forUpdate: true });
    if (!team.logoImageId) return null;
    await setTeamLogo(transaction, teamId, null);
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'team.logo_removed',
      description: `Removed the logo of the team ${team.name}`,
    });
    return team.logoImageId;
  });
  if (previous) await removeImageFiles(context.storage, previous);
}

async function galleryOf(context: ImagesContext, packageId: number): Promise<PackageImages> {
  return { images: (await repository.listPackageImages(context.db, packageId)).map(galleryImageSet) };
}

/**
 * Adds an image at the end of the package's gallery. A full gallery is refused before the upload is
 * decoded, and counted again under the package's lock, so parallel uploads never make a seventh.
 */
export async function addPackageImage(
  context: ImagesContext,
  actor: Actor,
  packageId: number,
  upload: Readable,
): Promise<PackageImages> {
  await assertCanChangePackage(context.db, actor, packageId);
  if ((await repository.listPackageImages(context.db, packageId)).length >= PACKAGE_IMAGES_MAX) {
    throw galleryFull();
  }
  const image = await storeGalleryImage(context.storage, await readImageUpload(upload));
  await keepOrRemove(context.storage, image, () =>
    context.db.transaction(async (transaction) => {
      await lockPackageForChange(transaction, actor, packageId);
      const images = await repository.listPackageImages(transaction, packageId);
      if (images.length >= PACKAGE_IMAGES_MAX) throw galleryFull();
      await repository.insertPackageImage(transaction, packageId, image);
      await recordActivity(transaction, {
        userId: actor.id,
        action: 'package.image_added',
        description: `Added an image to a package`,
      });
    }),
  );
  return galleryOf(context, packageId);
}

export async function removePackageImage(
  context: ImagesContext,
  actor: Actor,
  packageId: number,
  imageId: string,
): Promise<PackageImages> {
  await context.db.transaction(async (transaction) => {
    await lockPackageForChange(transaction, actor, packageId);
    if (!(await repository.deletePackageImage(transaction, packageId, imageId))) {
      throw new AppError('not_found', T.imageNotFound);
    }
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'package.image_removed',
      description: `Removed an image from a package`,
    });
  });
  await removeImageFiles(context.storage, imageId);
  return galleryOf(context, packageId);
}

/** Puts the gallery in the order given, which must list each of its images once. */
export async function reorderPackageImages(
  context: ImagesContext,
  actor: Actor,
  packageId: number,
  imageIds: string[],
): Promise<PackageImages> {
  await context.db.transaction(async (transaction) => {
    await lockPackageForChange(transaction, actor, packageId);
    const current = new Set(
      (await repository.listPackageImages(transaction, packageId)).map((image) => image.id),
    );
    const given = new Set(imageIds);
    if (
      given.size !== imageIds.length ||
      given.size !== current.size ||
      imageIds.some((id) => !current.has(id))
    ) {
      throw new AppError('validation', T.orderMismatch, [
        { path: 'body.image_ids', message: T.orderMismatch },
      ]);
    }
    await repository.setImageOrder(transaction, packageId, imageIds);
  });
  return galleryOf(context, packageId);
}

/** One stored width of an image, for anyone: images are as public as the pages that show them. */
export function openImage(storage: Storage, imageId: string, width: number) {
  return storage.get(imageKey(imageId, width));
}
