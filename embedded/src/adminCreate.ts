import { randomUUID } from 'node:crypto';
import { createAdministrator } from '@examens-pro/command-service';
import { SYSTEM_ACTOR, loginSchema, parseInput, passwordSchema } from '@examens-pro/domain';
import { loadConfig, openPorts } from '@examens-pro/platform';
import { z } from 'zod';

/**
 * `npm run admin:create -- <login> <temporary password>`: one more administrator (profile
 * "Administrateur"), for a lost password or a new installation. Sign-in reads the event log, so the
 * account works at once, even while the product runs.
 */
const main = async (): Promise<void> => {
  const [login, password] = process.argv.slice(2);
  const input = parseInput(z.object({ login: loginSchema, password: passwordSchema }), {
    login,
    password,
  });
  const ports = openPorts(loadConfig());
  try {
    const { userId } = await createAdministrator(
      ports.eventStore,
      ports.readStore,
      input,
      {
        commandId: `admin-create-${randomUUID()}`,
        actor: SYSTEM_ACTOR,
        now: new Date().toISOString(),
      },
      { onlyIfFirst: false },
    );
    console.log(
      `Administrateur créé : ${input.login} (id ${userId}) — mot de passe provisoire à changer à la première connexion.`,
    );
  } finally {
    await ports.close();
  }
};

main().catch((error: unknown) => {
  const fields = (error as { fields?: Record<string, string> }).fields;
  console.error(
    `Création impossible : ${(error as Error).message}${fields ? ` ${JSON.stringify(fields)}` : ''}`,
  );
  console.error('Usage : npm run admin:create -- <identifiant e-mail> <mot de passe provisoire>');
  process.exit(1);
});
