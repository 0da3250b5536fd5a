import { dropRunDatabase } from '../environment/run-database';
import { deleteRunStreams } from '../environment/run-streams';

/** Stops the system and removes everything the run created. */
export default async function globalTeardown(): Promise<void> {
  const run = globalThis.parleyE2eRun;
  if (!run) return;
  await run.control?.close();
  await run.system?.stop();
  await run.smtp.stop();
  await run.webhookReceiver?.stop();
  await run.providerFakes?.stop();
  await deleteRunStreams(run.infrastructure.natsUrl, run.state.namespace).catch(() => undefined);
  await dropRunDatabase(run.infrastructure.adminDatabaseUrl, run.databaseName).catch(() => undefined);
  await run.infrastructure.stop();
}
