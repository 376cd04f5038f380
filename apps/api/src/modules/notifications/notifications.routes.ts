import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  notificationsReadSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import * as notifications from './notifications.service';

const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: "The caller's own notifications, newest first, with the unread count",
        ...signedIn,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => notifications.listOwnNotifications(db, request.actor, request.query),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags,
        summary: "Mark one of the caller's notifications read",
        ...signedIn,
        params: idParamsSchema,
        response: { 200: notificationSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => notifications.markNotificationRead(db, request.actor, request.params.id, clock()),
  );

  app.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags,
        summary: "Mark every notification of the caller's read",
        ...signedIn,
        response: { 200: notificationsReadSchema, ...errorResponses(401) },
      },
    },
    async (request) => notifications.markAllNotificationsRead(db, request.actor, clock()),
  );
};
