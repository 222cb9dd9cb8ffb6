// CI's databases (.ci/run): `node scripts/ci-databases.mjs <database URL> [--fresh]`.
// A CI database is thrown away after the run, so its commits need not wait for the disk: synchronous_commit is off
// for every session on it (ALTER DATABASE … SET; a crash loses at most the last few hundred milliseconds of a run that
// is being thrown away anyway). With --fresh the database is dropped and made again first (the e2e journeys' own).
import pg from "pg";

const [target, flag] = process.argv.slice(2);
const url = new URL(target);
const name = decodeURIComponent(url.pathname.slice(1));
url.pathname = "/postgres";
url.search = "";
const quoted = `"${name.replaceAll('"', '""')}"`;
const client = new pg.Client({ connectionString: url.href });
try {
  await client.connect();
  if (flag === "--fresh") {
    await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quoted}`);
  }
  await client.query(`ALTER DATABASE ${quoted} SET synchronous_commit = off`);
} catch (error) {
  console.error(`ci-databases: ${name}: ${error.message}`);
  process.exitCode = 1;
} finally {
  await client.end();
}
