import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { API_PREFIX } from '#shared/api/api-prefix.ts';
import { buildApp } from './app.ts';
import { addDemoMembers } from './demo/demo-members.ts';
import { DEFAULT_PUSH_ALLOWED_HOSTS, parseAllowedHosts } from './push/push-hosts.ts';
import { resolveVapidKeys, subjectFromMailFrom } from './push/vapid.ts';
import { offsetClock, systemClock, type Clock } from './platform/clock.ts';
import { loadConfigOrExit } from './platform/config.ts';
import { unopenedDatabaseAdvice, writeBackup } from './platform/backup/backup.ts';
import { openControlSocket } from './platform/backup/control-socket.ts';
import { holdDataDir } from './platform/data-dir-lock.ts';
import { openDatabase } from './platform/db/client.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { configuredStorage, storageRefusal } from './platform/storage-configured.ts';
import { testClockRoutes } from './platform/test-clock.routes.ts';

/** How long a stop waits for requests and jobs under way. */
const STOP_BOUND_MS = 10_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main() {
  const config = loadConfigOrExit();
  let vapid;
  let allowedHosts;
  try {
    vapid = resolveVapidKeys({ fromEnv: config.vapid, dataDir: config.dataDir, subject: subjectFromMailFrom(config.mailFrom) });
    allowedHosts = parseAllowedHosts(config.pushAllowedHosts ?? DEFAULT_PUSH_ALLOWED_HOSTS);
  } catch (error) {
    console.error(`Invalid configuration: ${(error as Error).message}`);
    process.exit(1);
  }
  // A missing bucket or refused keys stop the start here, not at the first upload.
  const photoStorage = configuredStorage(config);
  const storageProblem = await storageRefusal(photoStorage, config);
  if (storageProblem) {
    console.error(`Invalid configuration:\n  ${storageProblem}`);
    process.exit(1);
  }
  // The embedded database has one owner: a second server or command on the same folder stops here.
  const releaseDataDir = holdDataDir(config);
  const database = openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize, dataDir: config.dataDir });
  try {
    await database.migrate();
  } catch (error) {
    if (config.databaseUrl) throw error;
    console.error(await unopenedDatabaseAdvice(config.dataDir, error));
    process.exit(1);
  }

  const logger = pino({ level: config.logLevel });
  // Browser journeys move time forward through POST /api/test/clock; never in production.
  const testClock = config.testClock ? offsetClock() : null;
  const clock: Clock = testClock ?? systemClock;
  if (vapid.source === 'generated') logger.info(`Web Push: generated VAPID keys, kept in ${config.dataDir}/vapid.json (set VAPID_* to bring your own)`);
  if (testClock) logger.warn('TEST_CLOCK=1: time can be moved forward through POST /api/test/clock');
  if (config.fastPasswords) logger.warn('TEST_FAST_PASSWORDS=1: new passwords are hashed at a cost fit for tests only');
  if (config.demoMembers) {
    const added = await addDemoMembers({ db: database.db, photoStorage, clock });
    if (added > 0) logger.info(`Added ${added} fictional demo members to the new database (DEMO_MEMBERS=0 turns this off)`);
  }
  const app = await buildApp({
    database,
    clock,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: logger,
    }),
    photoStorage,
    photoPublicUrl: config.objectStore?.publicUrl,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    supportEmail: config.supportEmail,
    push: { vapid: vapid.keys, allowedHosts },
    distDir: path.join(root, 'dist'),
    logger,
    backups: config.databaseUrl ? undefined : { dir: path.join(config.dataDir, 'backups'), keep: config.backupKeep },
    registrationsPerIp: config.registrationsPerIp,
    passwordCost: config.fastPasswords ? 'fast' : 'standard',
    trustProxy: config.trustProxy,
  });
  // `npm run backup` reaches the embedded database through this server, its only owner.
  const closeControl = config.databaseUrl
    ? async () => {}
    : await openControlSocket(config.dataDir, { backup: (out) => writeBackup(database, photoStorage, out) }).catch((error: unknown) => {
        logger.warn({ err: error }, 'npm run backup cannot reach this server (its control socket did not open); the daily backups go on');
        return async () => {};
      });

  if (testClock) await app.register(testClockRoutes(testClock), { prefix: API_PREFIX });

  const close = async (signal: string) => {
    // A proxy's health check (GET /api/ready) takes the instance out first; requests go on meanwhile.
    if (config.drainSeconds > 0) {
      app.readiness.drain();
      app.log.info(`${signal}: draining for ${config.drainSeconds} s`);
      await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
    }
    app.log.info(`${signal}: closing`);
    // Requests under way get STOP_BOUND_MS to finish; a stop that takes longer ends the process
    // (as a crash would: the database survives it) rather than hang.
    setTimeout(() => {
      app.log.error(`still closing after ${STOP_BOUND_MS / 1000} s: stopping now`);
      process.exit(1);
    }, STOP_BOUND_MS).unref();
    // Closes the realtime sockets (1001, going away: clients reconnect), waits for requests under
    // way and the job worker's round, then the database, then lets the data folder go.
    await app.close();
    await closeControl();
    await database.close();
    releaseDataDir();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.jobs.start();
  app.realtime.start();
  app.readiness.ready();
  app.log.info(`Rendezvous is ready at ${address.replace('127.0.0.1', 'localhost')} (database: ${database.kind}${config.databaseUrl ? '' : ` in ${config.dataDir}`})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
