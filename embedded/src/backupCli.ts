import { dataDirectory, documentsDirectory, productVersion } from '@examens-pro/platform';
import { backup, BackupError, describeManifest, folderArgument } from './backup.js';

/** `npm run backup -- <folder>`: backs up DATA_DIR while the product runs (see backup.ts). */
const main = async (): Promise<void> => {
  const destination = folderArgument(
    process.argv.slice(2),
    'Indiquez le dossier de la sauvegarde : npm run backup -- <dossier vide ou nouveau>',
  );
  if (process.env.EVENTSTORE_URL)
    throw new BackupError(
      'EVENTSTORE_URL est défini : en mode distribué, sauvegardez EventStoreDB et le volume des documents (voir le README, « Backup and restore »).',
    );
  const dataDir = dataDirectory();
  const manifest = await backup({
    dataDir,
    documentsDir: documentsDirectory(dataDir),
    destination,
    productVersion: productVersion(),
  });
  console.log(`Sauvegarde terminée dans ${destination} : ${describeManifest(manifest)}.`);
  console.log(
    'Les vues et les sessions ne sont pas sauvegardées : les vues se reconstruisent depuis les événements, chacun se reconnecte après une restauration.',
  );
};

main().catch((error: unknown) => {
  console.error(`Sauvegarde impossible : ${(error as Error).message}`);
  process.exit(1);
});
