import { dataDirectory, documentsDirectory } from '@examens-pro/platform';
import { BackupError, describeManifest, folderArgument, restore } from './backup.js';

/** `npm run restore -- <folder>`: restores a backup into an empty DATA_DIR (see backup.ts). */
const main = async (): Promise<void> => {
  const source = folderArgument(
    process.argv.slice(2),
    'Indiquez le dossier de la sauvegarde : npm run restore -- <dossier de sauvegarde>',
  );
  if (process.env.EVENTSTORE_URL)
    throw new BackupError(
      'EVENTSTORE_URL est défini : cette commande restaure le mode embarqué (journal SQLite dans DATA_DIR).',
    );
  const dataDir = dataDirectory();
  const manifest = await restore({ source, dataDir, documentsDir: documentsDirectory(dataDir) });
  console.log(`Restauration terminée dans ${dataDir} : ${describeManifest(manifest)}.`);
  console.log(
    'Démarrez le produit (npm start) : il reconstruit toutes les vues depuis les événements restaurés. Les sessions ne sont pas restaurées : chacun se reconnecte.',
  );
};

main().catch((error: unknown) => {
  console.error(`Restauration impossible : ${(error as Error).message}`);
  process.exit(1);
});
