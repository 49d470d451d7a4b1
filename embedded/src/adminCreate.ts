import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { createAdministrator } from '@examens-pro/application';
import { SYSTEM_ACTOR, loginSchema, parseInput, passwordSchema } from '@examens-pro/domain';
import { loadConfig, openPorts, type Ports } from '@examens-pro/platform';
import { z } from 'zod';

const USAGE =
  'Usage : npm run admin:create -- <identifiant e-mail>, puis le mot de passe provisoire sur l’entrée standard (tapé, ou `printf "%s\\n" "$MOT_DE_PASSE" | npm run admin:create -- <identifiant>`).';
const NOT_IN_ARGUMENTS =
  'Le mot de passe ne se donne pas en argument (la liste des processus et l’historique du shell le montreraient) : il se lit sur l’entrée standard.';

type Input = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

/** A line typed at a terminal, not echoed (raw mode: Enter ends it, Backspace erases, Ctrl-C stops). */
const readHidden = (input: Input & { setRawMode: (raw: boolean) => unknown }): Promise<string> =>
  new Promise((done, fail) => {
    let typed = '';
    input.setRawMode(true);
    input.resume();
    const onData = (chunk: Buffer | string) => {
      for (const char of chunk.toString()) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish(() => done(typed));
        if (char === '\u0003') return finish(() => fail(new Error('Création abandonnée.')));
        typed = char === '\u007f' || char === '\b' ? typed.slice(0, -1) : typed + char;
      }
    };
    const finish = (settle: () => void) => {
      input.removeListener('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      settle();
    };
    input.on('data', onData);
  });

/** The first line of `input`: typed without echo at a terminal, else piped in. */
const readPassword = async (input: Input): Promise<string> => {
  if (input.isTTY && typeof input.setRawMode === 'function') {
    process.stderr.write('Mot de passe provisoire (non affiché) : ');
    return readHidden(input as Input & { setRawMode: (raw: boolean) => unknown });
  }
  const lines = createInterface({ input, terminal: false, crlfDelay: Infinity });
  try {
    for await (const line of lines) return line;
    return '';
  } finally {
    lines.close();
  }
};

/**
 * `npm run admin:create -- <login>`, the temporary password on standard input: one more
 * administrator (profile "Administrateur"), for a lost password or a new installation. Sign-in
 * reads the event log, so the account works at once, even while the product runs. Answers the
 * exit code; nothing it prints holds the password.
 */
export const adminCreate = async (
  argv: readonly string[],
  input: Input,
  options: {
    readonly ports: Pick<Ports, 'eventStore' | 'readStore'>;
    readonly print: (line: string) => void;
  },
): Promise<number> => {
  const { ports, print } = options;
  try {
    if (argv.length !== 1) {
      print(`Création impossible : ${argv.length > 1 ? NOT_IN_ARGUMENTS : USAGE}`);
      if (argv.length > 1) print(USAGE);
      return 1;
    }
    const password = await readPassword(input);
    const account = parseInput(z.object({ login: loginSchema, password: passwordSchema }), {
      login: argv[0],
      password,
    });
    const { userId } = await createAdministrator(
      ports.eventStore,
      ports.readStore,
      account,
      {
        commandId: `admin-create-${randomUUID()}`,
        actor: SYSTEM_ACTOR,
        now: new Date().toISOString(),
      },
      { onlyIfFirst: false },
    );
    print(
      `Administrateur créé : ${account.login} (id ${userId}) — mot de passe provisoire à changer à la première connexion.`,
    );
    return 0;
  } catch (error) {
    const fields = (error as { fields?: Record<string, string> }).fields;
    print(
      `Création impossible : ${(error as Error).message}${fields ? ` ${JSON.stringify(fields)}` : ''}`,
    );
    print(USAGE);
    return 1;
  }
};

if (require.main === module) {
  const ports = openPorts(loadConfig());
  void adminCreate(process.argv.slice(2), process.stdin, {
    ports,
    print: (line) => console.log(line),
  })
    .finally(() => ports.close())
    .then((code) => process.exit(code));
}
