import DownloadIcon from '@mui/icons-material/PictureAsPdf';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Button, useDataProvider, useNotify, type Identifier } from 'react-admin';
import type { ExamensDataProvider } from '../dashboard/dataProvider';

const POLL_MS = 400;

/**
 * Asks the server for a document, shows its progress while a worker makes it, then downloads it.
 * The request survives a reload: the document is an event, its job is re-enqueued at start-up.
 */
export const DownloadDocumentButton = ({
  kind,
  label,
  cible,
  disabled,
  request,
  onGenerated,
}: {
  kind: string;
  label: string;
  /** What the document is made of (the exam lists: a session's site, centre or département). */
  cible?: Record<string, string | number>;
  disabled?: boolean;
  /** Asks for it otherwise than `POST /api/documents` (attestations: a route of their own). */
  request?: () => Promise<{ id: Identifier }>;
  /** Once the document is made (a screen's counts to read again). */
  onGenerated?: () => void;
}) => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const [progress, setProgress] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const download = (id: string): void => {
    const link = document.createElement('a');
    link.href = `/api/documents/${encodeURIComponent(id)}/fichier`;
    link.download = '';
    document.body.appendChild(link);
    link.click();
    link.remove();
  };

  const follow = async (id: string): Promise<void> => {
    try {
      const state = await dataProvider.documentProgress(id);
      if (state.statut === 'genere') {
        setProgress(null);
        notify('Document prêt : le téléchargement commence.', { type: 'success' });
        download(id);
        onGenerated?.();
        return;
      }
      if (state.statut === 'echec') {
        setProgress(null);
        notify(state.raison ?? 'La génération du document a échoué.', {
          type: 'error',
          autoHideDuration: 0,
        });
        return;
      }
      setProgress(state.progression);
      timer.current = setTimeout(() => void follow(id), POLL_MS);
    } catch (error) {
      setProgress(null);
      notify((error as Error).message, { type: 'error' });
    }
  };

  const start = async (): Promise<void> => {
    setProgress(0);
    try {
      const { id } = request ? await request() : await dataProvider.requestDocument(kind, cible);
      await follow(String(id));
    } catch (error) {
      setProgress(null);
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Button label={label} onClick={() => void start()} disabled={disabled || progress !== null}>
        <DownloadIcon />
      </Button>
      {progress !== null ? (
        <Box sx={{ width: 160 }} role="status" aria-label="Génération du document">
          <LinearProgress
            variant={progress > 0 ? 'determinate' : 'indeterminate'}
            value={progress}
          />
          <Typography variant="caption">Préparation… {progress} %</Typography>
        </Box>
      ) : null}
    </Box>
  );
};
