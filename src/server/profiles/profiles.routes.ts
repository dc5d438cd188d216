import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotificationSettingsSchema } from '#shared/api/preferences.ts';
import {
  NotificationSettingsResponseSchema,
  ProfileUpdateBodySchema,
  ProfileUpdateResponseSchema,
  profilesPaths,
} from '#shared/api/profiles.ts';
import { requireMember } from '../platform/auth.ts';
import type { ProfilesService } from './profiles.service.ts';

export const profilesRoutes =
  (profiles: ProfilesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      profilesPaths.profile,
      { schema: { body: ProfileUpdateBodySchema, response: { 200: ProfileUpdateResponseSchema } } },
      async (request) => {
        const user = await profiles.update(requireMember(request).id, request.body);
        return { user, profile: user.profile };
      },
    );

    app.put(
      profilesPaths.notificationSettings,
      { schema: { body: NotificationSettingsSchema, response: { 200: NotificationSettingsResponseSchema } } },
      async (request) => ({
        notificationSettings: await profiles.setNotificationSettings(requireMember(request).id, request.body),
      }),
    );
  };
