import { CONTACT_IMPORT_MAX_ROWS, type ContactImport } from '@parley/contracts';
import { openAsBlob, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from 'pg';
import { AccountApi } from './lib/account-api';
import { profiling } from './lib/cpu-profile';
import { copyCsvFile, CSV_COLUMNS, seedContacts, SURNAME_SHARE, writeContactsCsv } from './lib/contacts-data';
import { measure, number, type Figures, type LoadSettings, summarize } from './lib/load';
import { CpuSampler, cpuSummary, runProcessGroups, type CpuShare } from './lib/process-cpu';
import { machine, say, seconds, withBenchRun, writeReport, type BenchRun } from './lib/run';
import { createWorkspace, waitUntilIdle } from './lib/workspace';

/**
 * `npm run bench:import`: what importing contacts through the API costs over PostgreSQL's own
 * COPY of the same file and over one set-wise insert of its rows into a table shaped like
 * contacts (the target), and how the indexed contact search compares with `q` on the list, both
 * measured in one run on the same machine. It reports; it never fails on a target.
 */

const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
/** The issue's 50,000 rows, which is also the most one import file may hold. */
const IMPORT_ROWS = CONTACT_IMPORT_MAX_ROWS;
const ARGS = process.argv.slice(2).join(' ');
/** `--only import`: the import alone, without the search comparison (e.g. to profile it). */
const IMPORT_ONLY = /--only[= ]import/.test(ARGS);
/** `--cpu-prof`: every service runs under `node --cpu-prof`; their top self time is printed at the end. */
const CPU_PROFILE = ARGS.includes('--cpu-prof');
/** The API import against one set-wise insert of the same rows into a table shaped like contacts. */
const TARGETS = { maxImportRatio: 3 };
/** The API import as issue #31 measured it on this harness (set-wise insert 1.7 s then): before the regression, and with it. */
const PREVIOUS = { beforeMs: 10_900, regressedMs: 16_900, setWiseMs: 1_700 };
/** Short enough to add little to the measured time, long enough not to load the system much. */
const POLL_MS = 100;
const IMPORT_TIMEOUT_MS = 30 * 60_000;
/** After the import, its 50,000 `contact.created` events are still being relayed and consumed. */
const IDLE_TIMEOUT_MS = 10 * 60_000;
const SEARCH_CONTACTS = 200_000;
/** A surname: 1 contact in 20 has it, in the name and the e-mail. */
const SEARCH_TERM = 'costa';
/**
 * One client alone (the latency a user sees), then ten at once (what the service sustains).
 * Fewer than the messaging bench: a list with `q` scans the account's contacts, and 64 such
 * requests at once on two cores would only measure the queue.
 */
const SEARCH_LOADS: LoadSettings[] = [1, 10].map((connections) => ({
  connections,
  durationSeconds: Number(process.env.BENCH_DURATION_S ?? 10),
  warmupSeconds: 3,
}));

interface ImportFigures {
  rows: number;
  csvBytes: number;
  /** COPY into a bare table (the CSV's columns, no index), from BEGIN to COMMIT. */
  copyMs: number;
  /** The target's reference: the COPYed rows put set-wise into a table shaped like contacts.contacts (its indexes, its generated search column). */
  indexedInsertMs: number;
  /** From the start of the upload to the poll that saw the job completed. */
  apiMs: number;
  /** The upload alone: until the 201 with the queued job. */
  uploadMs: number;
  /** By the job's own timestamps: waiting for a worker, then the worker's run. */
  queuedMs: number;
  workerMs: number;
  /** Rows per second in the first and second half of the file: a drop shows work that grows with the table. */
  firstHalfRowsPerSecond: number | null;
  secondHalfRowsPerSecond: number | null;
  /** From the job's completion until its events were relayed and consumed by every service. */
  eventsSettledMs: number;
  /** Where the CPU went from the upload until the events settled (percent of one core). */
  cpu: CpuShare[];
  job: ContactImport;
  contactsAfterImport: number;
  /** API / set-wise insert */
  ratio: number;
  /** API / COPY */
  copyRatio: number;
  targetMet: boolean;
}

interface SearchRun {
  connections: number;
  list: Figures;
  search: Figures;
  /** list p50 / search p50: how many times quicker `search` answers. */
  p50Ratio: number;
  p99Ratio: number;
  /** search req/s / list req/s */
  throughputRatio: number;
}

interface SearchFigures {
  contacts: number;
  term: string;
  listMatches: number;
  searchMatches: number;
  durationSeconds: number;
  runs: SearchRun[];
  /** The contract calls `search` faster than `q` on the list: quicker p50 and more req/s at every load. */
  searchFaster: boolean;
}

async function main(): Promise<void> {
  const rootDir = process.cwd();
  const profile = profiling(rootDir, CPU_PROFILE);
  const { nodeArgs } = profile;
  await withBenchRun({ rootDir, adminDatabaseUrl: ADMIN_DATABASE_URL, natsUrl: NATS_URL, nodeArgs }, async (run) => {
    const workspace = await createWorkspace({
      gatewayUrl: run.system.gatewayUrl,
      platformApiToken: run.platformApiToken,
      natsUrl: NATS_URL,
      namespace: run.namespace,
      db: run.db,
    });
    const api = new AccountApi(`${run.system.gatewayUrl}/api/v1/accounts/${workspace.accountId}`, workspace.token);
    // Left-over work (events of the step before) would slow the next step down; if it never ends, measure anyway and say so.
    const idle = () =>
      waitUntilIdle(run.db, NATS_URL, run.namespace, { timeoutMs: IDLE_TIMEOUT_MS }).catch((error: Error) =>
        say(`  warning: ${error.message}`),
      );
    say(`\n${machine()}`);

    const importFigures = await compareImport(run, api, idle);
    const searchFigures = IMPORT_ONLY ? null : await compareSearch(run.db, api, workspace.accountId, idle);

    printSummary(importFigures, searchFigures);
    const file = writeReport(rootDir, 'contacts-import', {
      targets: TARGETS,
      previous: PREVIOUS,
      poll_ms: POLL_MS,
      import: importFigures,
      search: searchFigures,
    });
    say(`\nFigures written to ${file}`);
  });
  profile.report().forEach(say);
}

/** The same generated file through COPY, then through the API; the system is left idle between the two. */
async function compareImport(run: BenchRun, api: AccountApi, idle: () => Promise<void>): Promise<ImportFigures> {
  const { db, logDir } = run;
  const csv = join(logDir, 'contacts.csv');
  const csvBytes = await writeContactsCsv(csv, 1, IMPORT_ROWS);
  say(`\nImport of ${number(IMPORT_ROWS)} contacts (${megabytes(csvBytes)} CSV, columns ${CSV_COLUMNS.join(', ')})`);
  await idle();
  const copyMs = await timeCopy(db, csv);
  say(`  COPY into a bare table         ${seconds(copyMs)}`);
  const indexedInsertMs = await timeIndexedInsert(db);
  say(`  rows into a table like contacts.contacts, set-wise  ${seconds(indexedInsertMs)}`);
  await idle();
  const cpu = new CpuSampler(
    runProcessGroups(run, ['contacts', 'messaging', 'webhook-dispatcher', 'gateway'], [], NATS_URL),
  );
  const imported = await timeApiImport(api, csv);
  // The file and the service's stored copy of it (local storage keeps it under imports/): a run leaves only its logs behind.
  rmSync(csv);
  rmSync(join(logDir, 'storage', 'imports'), { recursive: true, force: true });
  const contactsAfterImport = await contactCount(api);
  const settleStart = performance.now();
  await idle();
  const eventsSettledMs = performance.now() - settleStart;
  const figures = importResult(imported, {
    copyMs,
    indexedInsertMs,
    csvBytes,
    contactsAfterImport,
    eventsSettledMs,
    cpu: cpu.stop(),
  });
  say(`  API import job                 ${seconds(figures.apiMs)}   (${importBreakdown(figures)})`);
  say(`  its events settled ${seconds(figures.eventsSettledMs)} after the job completed`);
  say(`  CPU from upload to settled (% of one core): ${cpuSummary(figures.cpu)}`);
  say(`  ${importRatioLine(figures)}`);
  return figures;
}

/** COPY of the file into a table with the CSV's columns and nothing else: what PostgreSQL itself can take in. */
async function timeCopy(db: Client, csv: string): Promise<number> {
  await db.query(
    `CREATE SCHEMA bench_import; CREATE TABLE bench_import.contacts_copy (${CSV_COLUMNS.map((column) => `${column} text`).join(', ')})`,
  );
  const started = performance.now();
  const rows = await copyCsvFile(db, 'bench_import.contacts_copy', csv);
  const elapsed = performance.now() - started;
  if (rows !== IMPORT_ROWS) throw new Error(`COPY took ${rows} rows, not ${IMPORT_ROWS}`);
  return elapsed;
}

/**
 * The COPYed rows in one INSERT … SELECT into a copy of contacts.contacts with its indexes and
 * generated search column: what the product's table shape alone costs, whatever the code does.
 */
async function timeIndexedInsert(db: Client): Promise<number> {
  // Its own id sequence, so the service's ids are not used up.
  await db.query(`
    CREATE TABLE bench_import.contacts_like (LIKE contacts.contacts INCLUDING ALL);
    CREATE SEQUENCE bench_import.contacts_like_id_seq OWNED BY bench_import.contacts_like.id;
    ALTER TABLE bench_import.contacts_like ALTER id SET DEFAULT nextval('bench_import.contacts_like_id_seq')`);
  const started = performance.now();
  await db.query(`
    INSERT INTO bench_import.contacts_like (account_id, name, email, phone_number, identifier, additional_attributes, custom_attributes)
    SELECT 0, name, lower(email), phone_number, identifier, jsonb_build_object('city', additional_attributes_city), jsonb_build_object('plan', custom_attributes_plan)
      FROM bench_import.contacts_copy`);
  return performance.now() - started;
}

interface ImportRun {
  job: ContactImport;
  totalMs: number;
  uploadMs: number;
  /** Progress as the polls saw it, in ms since the upload started. */
  samples: Array<{ atMs: number; processed: number }>;
}

/** Uploads the file as a client would and polls the job until it ends. */
async function timeApiImport(api: AccountApi, csv: string): Promise<ImportRun> {
  const form = new FormData();
  form.append('import_file', await openAsBlob(csv, { type: 'text/csv' }), 'contacts.csv');
  const started = performance.now();
  let job = await api.post<ContactImport>('/contacts/import', form);
  const uploadMs = performance.now() - started;
  const samples: ImportRun['samples'] = [];
  while (job.status === 'queued' || job.status === 'running') {
    if (performance.now() - started > IMPORT_TIMEOUT_MS)
      throw new Error(`The import job was still ${job.status} after ${seconds(IMPORT_TIMEOUT_MS)}`);
    await sleep(POLL_MS);
    job = await api.get<ContactImport>(`/contacts/imports/${job.id}`);
    samples.push({ atMs: performance.now() - started, processed: job.processed });
  }
  const totalMs = performance.now() - started;
  if (job.status === 'failed') throw new Error(`The import job failed: ${job.failure_reason}`);
  return { job, totalMs, uploadMs, samples };
}

function importResult(
  run: ImportRun,
  measured: Pick<
    ImportFigures,
    'copyMs' | 'indexedInsertMs' | 'csvBytes' | 'contactsAfterImport' | 'eventsSettledMs' | 'cpu'
  >,
): ImportFigures {
  const { job } = run;
  const time = (iso: string | null) => (iso ? Date.parse(iso) : NaN);
  const [firstHalfRowsPerSecond, secondHalfRowsPerSecond] = halfRates(run.samples, IMPORT_ROWS);
  const ratio = run.totalMs / measured.indexedInsertMs;
  return {
    rows: IMPORT_ROWS,
    ...measured,
    apiMs: run.totalMs,
    uploadMs: run.uploadMs,
    queuedMs: time(job.started_at) - time(job.created_at),
    workerMs: time(job.finished_at) - time(job.started_at),
    firstHalfRowsPerSecond,
    secondHalfRowsPerSecond,
    job,
    ratio,
    copyRatio: run.totalMs / measured.copyMs,
    targetMet: ratio <= TARGETS.maxImportRatio,
  };
}

/** Rows per second from the first progress seen to the middle of the file, and from there to the end. */
function halfRates(samples: ImportRun['samples'], rows: number): [number | null, number | null] {
  const first = samples.find((sample) => sample.processed > 0);
  const middle = samples.find((sample) => sample.processed >= rows / 2);
  const last = samples[samples.length - 1];
  if (!first || !middle || !last || middle === first || last === middle) return [null, null];
  const rate = (from: typeof first, to: typeof first) =>
    ((to.processed - from.processed) / (to.atMs - from.atMs)) * 1000;
  return [rate(first, middle), rate(middle, last)];
}

async function contactCount(api: AccountApi): Promise<number> {
  const page = await api.get<{ meta: { count: number } }>('/contacts');
  return page.meta.count;
}

/**
 * Tops the account up to SEARCH_CONTACTS contacts, checks that both ways find the same
 * contacts, then loads each in turn at each load.
 */
async function compareSearch(
  db: Client,
  api: AccountApi,
  accountId: number,
  idle: () => Promise<void>,
): Promise<SearchFigures> {
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM contacts.contacts WHERE account_id = $1',
    [accountId],
  );
  const missing = SEARCH_CONTACTS - rows[0].count;
  say(`\nSeeding ${number(missing)} more contacts, to ${number(SEARCH_CONTACTS)} …`);
  const seedStart = performance.now();
  if (missing > 0) await seedContacts(db, accountId, IMPORT_ROWS + 1, missing);
  say(`  done in ${seconds(performance.now() - seedStart)}`);

  const query = `q=${encodeURIComponent(SEARCH_TERM)}`;
  const paths = { list: `/contacts?${query}`, search: `/contacts/search?${query}` };
  const listMatches = (await api.get<{ meta: { count: number } }>(paths.list)).meta.count;
  const searchMatches = (await api.get<{ meta: { count: number } }>(paths.search)).meta.count;
  say(
    `\nContacts among ${number(SEARCH_CONTACTS)} for "${SEARCH_TERM}": ${number(listMatches)} match q on the list, ${number(searchMatches)} the search (about ${number(SEARCH_CONTACTS * SURNAME_SHARE)} expected)`,
  );
  const headers = { api_access_token: api.token };
  const runs: SearchRun[] = [];
  for (const load of SEARCH_LOADS) {
    say(`  ${load.connections} connection${load.connections === 1 ? '' : 's'}`);
    await idle();
    const list = await measure({ url: `${api.url}${paths.list}`, headers }, load);
    say(`    list ?q=    ${summarize(list)}`);
    await idle();
    const search = await measure({ url: `${api.url}${paths.search}`, headers }, load);
    say(`    search ?q=  ${summarize(search)}`);
    const searchRun: SearchRun = {
      connections: load.connections,
      list,
      search,
      p50Ratio: list.p50Ms / search.p50Ms,
      p99Ratio: list.p99Ms / search.p99Ms,
      throughputRatio: search.requestsPerSecond / list.requestsPerSecond,
    };
    say(`    ${searchRatioLine(searchRun)}`);
    runs.push(searchRun);
  }
  return {
    contacts: SEARCH_CONTACTS,
    term: SEARCH_TERM,
    listMatches,
    searchMatches,
    durationSeconds: SEARCH_LOADS[0].durationSeconds,
    runs,
    searchFaster: runs.every(
      (run) => run.search.p50Ms < run.list.p50Ms && run.search.requestsPerSecond > run.list.requestsPerSecond,
    ),
  };
}

function verdict(met: boolean): string {
  return met ? 'met' : 'MISSED';
}

function importRatioLine(figures: ImportFigures): string {
  return (
    `API / set-wise insert ${figures.ratio.toFixed(1)}× (target ≤ ${TARGETS.maxImportRatio}×: ${verdict(figures.targetMet)}); ` +
    `API / COPY ${figures.copyRatio.toFixed(0)}×; previously ${seconds(PREVIOUS.beforeMs)}, then ${seconds(PREVIOUS.regressedMs)} ` +
    `against a set-wise ${seconds(PREVIOUS.setWiseMs)} (issue #31)`
  );
}

function importBreakdown(figures: ImportFigures): string {
  const rate = (value: number | null) => (value === null ? 'n/a' : `${number(value)} rows/s`);
  return (
    `upload ${seconds(figures.uploadMs)}, queued ${seconds(figures.queuedMs)}, worker ${seconds(figures.workerMs)}; ` +
    `first half ${rate(figures.firstHalfRowsPerSecond)}, second half ${rate(figures.secondHalfRowsPerSecond)}`
  );
}

function searchRatioLine(run: SearchRun): string {
  return `search: ${run.p50Ratio.toFixed(1)}× quicker at p50, ${run.p99Ratio.toFixed(1)}× at p99, ${run.throughputRatio.toFixed(1)}× the req/s`;
}

function printSummary(imported: ImportFigures, search: SearchFigures | null): void {
  const { job } = imported;
  say(`\nSummary (same run; ${machine()})`);
  say(`Import of ${number(imported.rows)} contacts (${megabytes(imported.csvBytes)} CSV)`);
  say(`  COPY into a bare table   ${seconds(imported.copyMs)}`);
  say(`  API import job           ${seconds(imported.apiMs)}   (${importBreakdown(imported)})`);
  say(
    `  job counters             created ${number(job.created)}, updated ${number(job.updated)}, failed ${number(job.failed)}; contacts in the account ${number(imported.contactsAfterImport)}`,
  );
  if (job.created !== imported.rows || imported.contactsAfterImport !== imported.rows)
    say(`  !! expected ${number(imported.rows)} contacts created: the figures are suspect`);
  say(
    `  reference                the same rows set-wise into a table like contacts.contacts: ${seconds(imported.indexedInsertMs)} ` +
      `(COPY + that: ${(imported.apiMs / (imported.copyMs + imported.indexedInsertMs)).toFixed(1)}× quicker than the API)`,
  );
  say(`  CPU, upload to settled   ${cpuSummary(imported.cpu)} (% of one core)`);
  say(`  ${importRatioLine(imported)}`);
  if (!search) return;

  const row = (cells: string[]) =>
    say(cells.map((cell, index) => (index < 2 ? cell.padEnd([14, 12][index]) : cell.padStart(10))).join(' '));
  say(
    `Contacts among ${number(search.contacts)} for "${search.term}" (${number(search.searchMatches)} matches), ${search.durationSeconds} s per run`,
  );
  row(['  path', 'connections', 'req/s', 'p50 ms', 'p99 ms', 'failed']);
  for (const run of search.runs) {
    for (const [path, figures] of [
      ['  list ?q=', run.list],
      ['  search ?q=', run.search],
    ] as const) {
      row([
        path,
        String(run.connections),
        number(figures.requestsPerSecond),
        number(figures.p50Ms),
        number(figures.p99Ms),
        number(figures.non2xx + figures.errors + figures.timeouts),
      ]);
    }
  }
  if (search.listMatches !== search.searchMatches)
    say(
      `  !! the list found ${number(search.listMatches)}, the search ${number(search.searchMatches)}: they did not do the same work`,
    );
  for (const run of search.runs) say(`  ${String(run.connections).padStart(2)} connection(s): ${searchRatioLine(run)}`);
  say(`  contract: search faster than q on the list: ${verdict(search.searchFaster)}`);
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    process.stderr.write(`\nThe benchmark could not run: ${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
