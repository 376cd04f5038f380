import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  idParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  notificationsReadSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import * as notifications from './notifications.service';

const tags = ['notifications'];
const secured = { security: [{ bearerAuth: [] }] };
const errors = (...codes: (401 | 404 | 422)[]) =>
  Object.fromEntries(codes.map((code) => [code, errorResponseSchema]));

export const notificationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, clock, authenticator },
) => {
  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: "The caller's own notifications, newest first, with the unread count",
        ...secured,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...errors(401, 422) },
      },
    },
    async (request) =>
      notifications.listOwnNotifications(db, await authenticator.requireActor(request), request.query),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags,
        summary: "Mark one of the caller's notifications read",
        ...secured,
        params: idParamsSchema,
        response: { 200: notificationSchema, ...errors(401, 404, 422) },
      },
    },
    async (request) =>
      notifications.markNotificationRead(
        db,
        await authenticator.requireActor(request),
        request.params.id,
        clock(),
      ),
  );

  app.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags,
        summary: "Mark every notification of the caller's read",
        ...secured,
        response: { 200: notificationsReadSchema, ...errors(401) },
      },
    },
    async (request) =>
      notifications.markAllNotificationsRead(db, await authenticator.requireActor(request), clock()),
  );
};
