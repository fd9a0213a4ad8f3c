import pg from 'pg';

/** Runs statements on the PostgreSQL admin database (create/drop the benchmarks' own databases). */
export async function pgAdmin(adminUrl: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function pgDatabaseExists(adminUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const res = await client.query('select 1 from pg_database where datname = $1', [name]);
    return (res.rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

export async function recreateDatabase(adminUrl: string, name: string): Promise<void> {
  await pgAdmin(adminUrl, `drop database if exists ${name} with (force)`, `create database ${name}`);
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await pgAdmin(adminUrl, `drop database if exists ${name} with (force)`);
}
