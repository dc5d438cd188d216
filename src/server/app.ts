import { createHash } from 'node:crypto';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthResponseSchema, READY_PATH, ReadyResponseSchema } from '#shared/api/health.ts';
import { HEAD_SCRIPT } from '#shared/head-script.ts';
import { HOUR_MS } from '#shared/domain/booking.ts';
import { TZDB_VERSION } from '#shared/domain/time-zones.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { createAdminService } from './admin/admin.service.ts';
import { abTestRoutes } from './admin/ab-test.routes.ts';
import { createAbTestService } from './admin/ab-test.service.ts';
import { restaurantsRoutes } from './admin/restaurants.routes.ts';
import { BANNER_PREFIX, createRestaurantsService, type RestaurantsService } from './admin/restaurants.service.ts';
import { pruneAuthRecords } from './auth/auth.jobs.ts';
import { blocksRoutes } from './blocks/blocks.routes.ts';
import { reportsRoutes } from './reports/reports.routes.ts';
import { createReportsService, registerReportMails } from './reports/reports.service.ts';
import { createBlocksService } from './blocks/blocks.service.ts';
import { biometricRoutes } from './biometric/biometric.routes.ts';
import { createBiometricService, pruneBiometricChallenges } from './biometric/biometric.service.ts';
import { createAuthService } from './auth/auth.service.ts';
import type { PasswordCost } from './auth/password.ts';
import { availabilityRoutes } from './availability/availability.routes.ts';
import { createAvailabilityService } from './availability/availability.service.ts';
import { reconcileSlotTimes } from './availability/slot-times.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { registerBookingJobs } from './bookings/bookings.jobs.ts';
import { bookingsRoutes } from './bookings/bookings.routes.ts';
import { createBookingsService, declineRequestsOnRemovedSlot } from './bookings/bookings.service.ts';
import { followMovedSlots } from './bookings/moved-slots.ts';
import { calendarFeedRoutes, calendarRoutes } from './calendar/calendar.routes.ts';
import { createCalendarService, type CalendarService } from './calendar/calendar.service.ts';
import { browseRoutes } from './browse/browse.routes.ts';
import { createBrowseService, pruneCardChanges } from './browse/browse.service.ts';
import { chatRoutes } from './chat/chat.routes.ts';
import { createChatService } from './chat/chat.service.ts';
import { geoRoutes } from './geo/geo.routes.ts';
import { likesRoutes } from './likes/likes.routes.ts';
import { createLikesService } from './likes/likes.service.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import type { MailDeps } from './notifications/notifications.read.ts';
import { createNotificationsService } from './notifications/notifications.service.ts';
import { nudgesRoutes } from './nudges/nudges.routes.ts';
import { registerNudgeMails } from './nudges/nudges.mails.ts';
import { createNudgesService } from './nudges/nudges.service.ts';
import { photosRoutes } from './profiles/photos.routes.ts';
import { createPhotosService, type PhotosService } from './profiles/photos.service.ts';
import { profilesRoutes } from './profiles/profiles.routes.ts';
import { createProfilesService } from './profiles/profiles.service.ts';
import { pushRoutes } from './push/push.routes.ts';
import { createPushService, registerPushJobs, type PushDeps } from './push/push.service.ts';
import { registerArrivalOrder } from './platform/arrival-order.ts';
import { registerAuthHook } from './platform/auth.ts';
import type { Clock } from './platform/clock.ts';
import type { Database } from './platform/db/client.ts';
import { answerRefusedAddress, registerErrorHandling } from './platform/errors.ts';
import { registerInputGuards } from './platform/input-guards.ts';
import { registerDailyBackups } from './platform/backup/backup.ts';
import { registerAnswerCheck, registerOpenApi } from './platform/openapi.ts';
import { createIdempotency, pruneIdempotencyKeys } from './platform/idempotency/idempotency.ts';
import { createJobs, pruneFinishedJobs, type Jobs } from './platform/jobs/jobs.ts';
import { pruneRateLimits } from './platform/rate-limit.ts';
import { createRealtime, type Realtime } from './platform/realtime/realtime.ts';
import { RequestLog } from './platform/request-log.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import { createReadiness, type Readiness } from './platform/readiness.ts';
import { registerSecurityHeaders, securityHeaders } from './platform/security-headers.ts';
import { inlineStyleHashes, registerStatic } from './platform/static.ts';
import type { FileStorage } from './platform/storage.ts';
import { scoreRoutes } from './score/score.routes.ts';
import { createScoreService, recordScoreEvent } from './score/score.service.ts';
import { createTestPaymentProvider, type PaymentProvider } from './subscriptions/payment-provider.ts';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes.ts';
import { createSubscriptionsService, registerSubscriptionJobs } from './subscriptions/subscriptions.service.ts';
import { supportRoutes } from './support/support.routes.ts';
import { createSupportService } from './support/support.service.ts';
import { API_PREFIX, HEALTH_PATH } from '#shared/api/api-prefix.ts';
import { servePhotosFrom } from '#shared/api/profiles.ts';

export type AppDeps = {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  /** Member photos. */
  photoStorage: FileStorage;
  /** STORAGE_PUBLIC_URL: photo URLs point there (a CDN in front of the bucket) instead of the API. */
  photoPublicUrl?: string;
  publicUrl: string;
  adminEmails: Set<string>;
  /** Where contact messages and careers applications are mailed (SUPPORT_EMAIL). */
  supportEmail: string;
  /** Web Push: the VAPID keys, the push services the server may post to (and, in tests, the sink's agent). */
  push: PushDeps;
  /** The card processor for memberships; the test-mode one (docs/payments.md) when omitted. */
  payments?: PaymentProvider;
  /** Daily backups (the embedded database): where, and how many are kept; omitted or keep 0: none. */
  backups?: { dir: string; keep: number };
  /** The built PWA to serve; omitted in API-only tests. */
  distDir?: string;
  logger?: FastifyBaseLogger;
  /** Check the answers written as JSON text (browse, decision 62) against their response schemas: the API tests do. */
  checkAnswers?: boolean;
  /** Accounts one client address may open per hour (REGISTRATIONS_PER_IP); the auth feature's limit when omitted. */
  registrationsPerIp?: number;
  /** Tests only: 'fast' hashes passwords at a low cost (TEST_FAST_PASSWORDS); 'standard' when omitted. */
  passwordCost?: PasswordCost;
  /** Proxies (addresses or ranges) whose X-Forwarded-For names the client: per-address limits count clients, not the proxy. */
  trustProxy?: string[];
};

const JSON_BODY_LIMIT = 64 * 1024;
/** The contract's version (the OpenAPI document's): raised when a call or an answer changes shape. */
const API_VERSION = '1.0.0';
/** The pages' one inline script, allowed by its hash and nothing else. */
const HEAD_SCRIPT_HASH = `'sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}'`;

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs: main.ts starts the worker; tests call `jobs.runDue()`. */
    jobs: Jobs;
    /** Live connections of this instance: main.ts starts its upkeep; tests call tick() and sweep(). */
    realtime: Realtime;
    /** Whether to send this instance traffic: main.ts marks it ready once started, and draining on SIGTERM. */
    readiness: Readiness;
  }
}

/** The jobs of every feature, recurring ones included, registered once here. */
function registerFeatureJobs(jobs: Jobs, restaurants: RestaurantsService, photos: PhotosService, mail: MailDeps, calendar: CalendarService) {
  registerBookingJobs(jobs, { ...mail, calendarFileOf: (memberId, bookingId) => calendar.bookingFile(memberId, bookingId) });
  registerNudgeMails(jobs, mail);
  registerReportMails(jobs, mail);
  jobs.every('prune', HOUR_MS, async (_payload, { db, now }) => {
    await pruneAuthRecords(db, now);
    await pruneBiometricChallenges(db, now);
    await pruneRateLimits(db, now);
    await pruneFinishedJobs(db, now);
    await pruneIdempotencyKeys(db, now);
    await restaurants.sweepUnclaimedUploads(now);
    await pruneCardChanges(db);
    // Last: it calls the storage, which may be down (the job is then retried, the rest already done).
    await photos.sweepOrphanFiles(now);
  });
}

/** Wires every dependency and feature, explicitly, in one place. */
export async function buildApp(deps: AppDeps) {
  servePhotosFrom(deps.photoPublicUrl);
  const app = Fastify({
    loggerInstance: deps.logger,
    logController: new RequestLog(),
    bodyLimit: JSON_BODY_LIMIT,
    frameworkErrors: answerRefusedAddress,
    trustProxy: deps.trustProxy?.length ? deps.trustProxy : false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerArrivalOrder(app);
  registerErrorHandling(app);
  registerInputGuards(app);
  await registerOpenApi(app, API_VERSION);
  if (deps.checkAnswers) registerAnswerCheck(app);

  registerSecurityHeaders(
    app,
    securityHeaders({
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", HEAD_SCRIPT_HASH],
      styleSrc: ["'self'", ...(deps.distDir ? inlineStyleHashes(deps.distDir) : [])],
      imgSrc: ["'self'", 'data:', 'blob:', ...(deps.photoPublicUrl ? [new URL(deps.photoPublicUrl).origin] : [])],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    }),
  );

  const { db } = deps.database;
  const auth = createAuthService({
    db,
    awardPoints: recordScoreEvent,
    clock: deps.clock,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    adminEmails: deps.adminEmails,
    log: app.log,
    photosOf: (userId) => profiles.photosOf(userId),
    registrationsPerIp: deps.registrationsPerIp,
    passwordCost: deps.passwordCost,
  });
  const stopHearingMemberChanges = await auth.listenForChanges(deps.database, app.log);
  app.addHook('onClose', () => stopHearingMemberChanges());
  const profiles = createProfilesService({ db, ownView: (row) => auth.ownView(row), changed: (memberId) => auth.forgetKept(memberId) });
  const biometric = createBiometricService({ db, clock: deps.clock, publicUrl: deps.publicUrl, ownView: (row) => auth.ownView(row) });
  const likes = createLikesService({ db, clock: deps.clock, profiles });
  const nudges = createNudgesService({ db, clock: deps.clock, profiles });
  const photos = createPhotosService({ db, clock: deps.clock, storage: deps.photoStorage, log: app.log, usedElsewhere: (keys) => restaurants.imagesInUse(keys) });
  const browse = createBrowseService({ db, clock: deps.clock, factsOf: (member) => auth.factsOf(member) });
  const availability = createAvailabilityService({
    db,
    clock: deps.clock,
    declineRequestsOn: declineRequestsOnRemovedSlot,
    userOf: (member) => auth.userOf(member),
  });
  const notifications = createNotificationsService({ db, clock: deps.clock });
  const score = createScoreService({ db });
  const support = createSupportService({ db, clock: deps.clock, mailer: deps.mailer, supportEmail: deps.supportEmail, publicUrl: deps.publicUrl, log: app.log });
  const bookings = createBookingsService({
    db,
    clock: deps.clock,
    userOf: (member) => auth.userOf(member),
    visibleTo: (viewer) => browse.visibleTo(viewer),
  });

  const admin = createAdminService({ db, clock: deps.clock, adminEmails: deps.adminEmails, removePhotoFiles: (keys) => photos.removeFiles(keys) });
  const restaurants = createRestaurantsService({
    db,
    clock: deps.clock,
    images: {
      store: (filename, bytes) => photos.storeImage(filename, bytes, { prefix: BANNER_PREFIX, field: 'image' }),
      remove: (keys) => photos.removeFiles(keys),
    },
  });
  const calendar = createCalendarService({ db, clock: deps.clock, publicUrl: deps.publicUrl });
  const chat = createChatService({ db, clock: deps.clock, userOf: (member) => auth.userOf(member) });

  const idempotency = createIdempotency({ db, clock: deps.clock });
  const jobs = createJobs({ db, clock: deps.clock, log: app.log });
  registerFeatureJobs(jobs, restaurants, photos, { mailer: deps.mailer, publicUrl: deps.publicUrl }, calendar);
  const push = createPushService({
    db,
    clock: deps.clock,
    push: deps.push,
    log: app.log,
    unreadTotal: async (memberId) => (await chat.unreadCount(memberId)).unreadCount + (await notifications.unreadCount(memberId)).count,
  });
  registerPushJobs(jobs, push);
  const subscriptions = createSubscriptionsService({
    db,
    clock: deps.clock,
    mailer: deps.mailer,
    payments: deps.payments ?? createTestPaymentProvider({ clock: deps.clock }),
    publicUrl: deps.publicUrl,
    log: app.log,
  });
  registerSubscriptionJobs(jobs, subscriptions);
  if (deps.backups && deps.backups.keep > 0) registerDailyBackups(jobs, { database: deps.database, storage: deps.photoStorage, ...deps.backups });
  // Slots placed by older zone rules (a tzdb update since the last start) get the rules in force
  // before the first request (docs/time-zones.md).
  app.addHook('onReady', async () => {
    const now = deps.clock.now();
    const { checked, moved } = await reconcileSlotTimes(db, now, (tx, slots) => followMovedSlots(tx, slots, now));
    if (checked > 0) app.log.info(`Zone rules: tzdb ${TZDB_VERSION} placed ${checked} slots kept from older rules; ${moved} upcoming ones moved, their hosts and guests told`);
  });
  app.decorate('jobs', jobs);
  const readiness = createReadiness();
  app.decorate('readiness', readiness);
  app.addHook('onClose', () => jobs.stop());
  // A change that queued work (a push) has committed by the time its answer is sent: run the
  // worker now rather than at its next poll, so a push leaves within a moment of its cause.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) jobs.wake();
  });

  // Every event reaches this instance through the database; its sockets get the ones for their members.
  const realtime = createRealtime({
    database: deps.database,
    clock: deps.clock,
    log: app.log,
    jobs,
    resolveSession: (token) => auth.resolveSession(token, { fresh: true }),
    chatPartnersOf: (memberId) => bookings.chatPartnersOf(memberId),
    mayChat: async (a, b) => (await bookings.chatBookingBetween(a, b)) !== undefined,
  });
  await realtime.open();
  app.decorate('realtime', realtime);
  await realtime.plugin(app);
  const blocks = createBlocksService({ db, clock: deps.clock, forgetChatAccess: (memberIds) => realtime.forgetChatAccess(memberIds) });
  const reports = createReportsService({ db, clock: deps.clock, block: (memberId, otherId, tx) => blocks.block(memberId, otherId, tx) });

  await app.register(
    async (api) => {
      registerAuthHook(api, auth.resolveSession);
      api.setNotFoundHandler((request, reply) =>
        reply.code(404).send({ error: `No such call: ${request.method} ${request.url.split('?')[0]}` }),
      );
      api.get(HEALTH_PATH, { config: { public: true }, schema: { response: { 200: HealthResponseSchema } } }, async () => {
        await db.execute('select 1');
        return { status: 'ok' as const, database: deps.database.kind, tzdb: TZDB_VERSION };
      });
      api.get(
        READY_PATH,
        { config: { public: true }, schema: { response: { 200: ReadyResponseSchema, 503: ReadyResponseSchema } } },
        async (_request, reply) => {
          if (readiness.state !== 'ready') return reply.code(503).send({ status: readiness.state });
          const failing = (await db.execute('select 1').then(
            () => null,
            () => 'database' as const,
          )) ?? (await deps.photoStorage.check().then(
            () => null,
            () => 'storage' as const,
          ));
          if (failing) return reply.code(503).send({ status: 'unavailable' as const, failing });
          return { status: 'ready' as const };
        },
      );
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
      await api.register(authRoutes(auth));
      await api.register(geoRoutes(deps.clock));
      await api.register(profilesRoutes(profiles));
      await api.register(biometricRoutes(biometric));
      await api.register(likesRoutes(likes));
      await api.register(blocksRoutes(blocks));
      await api.register(reportsRoutes(reports));
      await api.register(nudgesRoutes(nudges));
      await api.register(notificationsRoutes(notifications));
      await api.register(photosRoutes(photos));
      await api.register(browseRoutes(browse, { checkAnswers: deps.checkAnswers }));
      await api.register(availabilityRoutes(availability, idempotency));
      await api.register(scoreRoutes(score));
      await api.register(bookingsRoutes(bookings));
      await api.register(calendarRoutes(calendar));
      await api.register(chatRoutes(chat, idempotency));
      await api.register(adminRoutes(admin));
      await api.register(restaurantsRoutes(restaurants));
      await api.register(abTestRoutes(createAbTestService({ db, clock: deps.clock })));
      await api.register(supportRoutes(support));
      await api.register(subscriptionsRoutes(subscriptions));
      await api.register(realtime.routes);
      await api.register(pushRoutes(push));
    },
    { prefix: API_PREFIX },
  );

  // Calendar apps fetch the feed with no bearer token, outside the API (before the app's own pages).
  await app.register(calendarFeedRoutes(calendar));
  if (deps.distDir) await registerStatic(app, deps.distDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
