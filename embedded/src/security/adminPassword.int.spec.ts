import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync, statSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { ensureFirstAdministrator } from '@examens-pro/application';
import { adminCreate } from '../adminCreate.js';
import { startTestApp } from '../testApp.js';

/**
 * The first administrator's password is never written to a log (it goes to a
 * file only its owner reads, whose path the log gives), and `admin:create` reads the password from
 * standard input, never from its arguments (which `ps` and the shell's history show).
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
const logged: string[] = [];

beforeAll(async () => {
  t = await startTestApp({
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logged.push(chunk.toString());
          done();
        },
      }),
    },
  });
});
afterAll(async () => t?.close());

describe('the first administrator', () => {
  it('gets a random password written to a 0600 file, never to the log', async () => {
    const created = await ensureFirstAdministrator(
      t.eventStore,
      t.readStore,
      {},
      (message) => t.app.log.warn(message),
      t.dir,
    );
    expect(created).toBe(true);
    const log = logged.join('');
    const path = /(\/\S+premier-administrateur\S*)/.exec(log)?.[1];
    expect(path).toBeDefined();
    expect(statSync(path!).mode & 0o777).toBe(0o600);
    const password = /mot de passe provisoire : (\S+)/.exec(readFileSync(path!, 'utf8'))?.[1];
    expect(password).toBeDefined();
    expect(log).not.toContain(password!);
    expect((await t.signIn('admin@examens.local', password!)).response.statusCode).toBe(200);
  });
});

describe('npm run admin:create', () => {
  const run = async (argv: string[], input: string) => {
    const out: string[] = [];
    const code = await adminCreate(argv, Readable.from([input]), {
      ports: { eventStore: t.eventStore, readStore: t.readStore },
      print: (line) => out.push(line),
    });
    return { code, out: out.join('\n') };
  };

  it('refuses a password given as an argument', async () => {
    const { code, out } = await run(['argv.admin@test.local', 'Argument-Visible-2026'], '');
    expect(code).toBe(1);
    expect(out).toContain('entrée standard');
    expect(
      (await t.signIn('argv.admin@test.local', 'Argument-Visible-2026')).response.statusCode,
    ).toBe(401);
  });

  it('reads the temporary password from standard input', async () => {
    const { code, out } = await run(['stdin.admin@test.local'], 'Entree-Standard-2026\n');
    expect(code).toBe(0);
    expect(out).not.toContain('Entree-Standard-2026');
    expect(
      (await t.signIn('stdin.admin@test.local', 'Entree-Standard-2026')).response.statusCode,
    ).toBe(200);
  });
});
