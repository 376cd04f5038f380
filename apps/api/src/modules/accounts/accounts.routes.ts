import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_TEXTS as T,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  messageResponseSchema,
  PROFILE_PICTURE_MAX_BYTES,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sendVerificationRequestSchema,
  tokenResponseSchema,
  updateMeRequestSchema,
  userSchema,
  verifyEmailRequestSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import { AppError } from '../../platform/errors';
import { fileSizeLimitFor, uploadRoutes } from '../../platform/uploads';
import * as accounts from './accounts.service';
import * as recovery from './account-recovery';
import { replaceProfilePicture } from './profile-picture';

const tags = ['accounts'];

export const accountsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context = accounts.accountsContext(deps);

  app.post(
    '/api/auth/register',
    {
      config: { rateLimit: { max: 20 * deps.config.addressRateLimitScale, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Create a buyer or seller account; sends a verification email',
        body: registerRequestSchema,
        response: { 201: userSchema, ...errorResponses(409, 422, 429) },
      },
    },
    async ({ body }, reply) => reply.status(201).send(await accounts.register(context, body)),
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with username or email (JSON or form-encoded)',
        body: loginRequestSchema,
        response: { 200: tokenResponseSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request) => accounts.login(context, request.body, request.ip),
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for new tokens (the old one stops working)',
        body: refreshRequestSchema,
        response: { 200: tokenResponseSchema, ...errorResponses(401, 422) },
      },
    },
    async ({ body }) => accounts.refresh(context, body.refresh_token),
  );

  app.post(
    '/api/auth/logout',
    {
      // An expired access token must not stand in the way of signing out.
      config: { auth: 'optional-ignore-invalid' },
      schema: {
        tags,
        summary: 'End the session of the refresh token (and of the access token, when sent)',
        // A request without a body arrives as null: signing out with the access token alone is fine.
        body: logoutRequestSchema.nullish(),
        response: { 204: z.null(), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      await accounts.logout(context, request.optionalActor, request.body?.refresh_token);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/me',
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        ...signedIn,
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    async (request) => accounts.getCurrentUser(context, request.actor),
  );

  app.put(
    '/api/auth/me',
    {
      schema: {
        tags,
        summary: 'Change username, email, full name or profile picture URL',
        ...signedIn,
        body: updateMeRequestSchema,
        response: { 200: userSchema, ...errorResponses(401, 409, 422) },
      },
    },
    async (request) => accounts.updateCurrentUser(context, request.actor, request.body),
  );

  app.post(
    '/api/auth/change-password',
    {
      schema: {
        tags,
        summary: 'Change password (current password required); signs out other sessions',
        ...signedIn,
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request) => accounts.changePassword(context, request.actor, request.body, request.ip),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Email a password-reset link (same answer for unknown addresses)',
        body: forgotPasswordRequestSchema,
        response: { 202: messageResponseSchema, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await recovery.requestPasswordReset(context, request.body, request.ip)),
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link; signs out every session',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 422) },
      },
    },
    async ({ body }) => recovery.resetPassword(context, body),
  );

  app.post(
    '/api/auth/send-verification',
    {
      schema: {
        tags,
        summary: 'Email a new verification link (same answer for unknown addresses)',
        body: sendVerificationRequestSchema,
        response: { 202: messageResponseSchema, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await recovery.requestEmailVerification(context, request.body, request.ip)),
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags,
        summary: 'Confirm an email address with its link',
        body: verifyEmailRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 422) },
      },
    },
    async ({ body }) => recovery.verifyEmail(context, body),
  );

  await uploadRoutes(app, (uploads) => {
    uploads.post(
      '/api/auth/upload-profile-picture',
      {
        schema: {
          tags,
          summary: 'Upload a profile picture (an image under 5 MB; stored resized)',
          ...signedIn,
          consumes: ['multipart/form-data'],
          response: {
            200: z.object({ profile_picture_url: z.string() }),
            ...errorResponses(401, 413, 415, 422),
          },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('unsupported_media_type', T.pictureNotImage);
        const file = await request.file({
          limits: { fileSize: fileSizeLimitFor(PROFILE_PICTURE_MAX_BYTES), files: 1 },
        });
        if (!file) throw new AppError('validation', T.pictureNotImage);
        const user = await replaceProfilePicture(context, request.actor, {
          stream: file.file,
          mimetype: file.mimetype,
        });
        return { profile_picture_url: user.profile_picture_url ?? '' };
      },
    );
  });
};
